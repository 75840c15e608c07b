"""The kernel's routes: the handlers of every path the API serves, whatever the game."""
