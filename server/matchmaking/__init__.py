"""Matchmaking: tickets in the store and the leased loop that seats them in games."""
