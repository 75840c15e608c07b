"""Application services around the domain: the command line, simulation, players."""
