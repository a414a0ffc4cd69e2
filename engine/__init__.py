"""Zythos game engines: pure, deterministic rules with one State API for every game."""
