"""What a repository's files mean: file names, licences."""
