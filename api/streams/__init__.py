"""Live games as Server-Sent Events: the stream, its watchers, tickets and slots."""
