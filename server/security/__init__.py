"""Credentials: seat, player and ticket tokens, and TLS certificates."""
