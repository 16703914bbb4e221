"""Settings: flags, the environment and the config file, each read in one place."""
