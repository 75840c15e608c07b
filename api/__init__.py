"""The REST API (litestar): see the API issue."""
