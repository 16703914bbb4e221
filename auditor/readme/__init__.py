"""What a README covers and whether it is a placeholder."""
