"""What every request goes through: authentication, bodies, problems, limits, the access log."""
