"""Whole paths through the command line against servers on 127.0.0.1."""
