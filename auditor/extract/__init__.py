"""Paper lists in, papers and de-duplicated links out."""
