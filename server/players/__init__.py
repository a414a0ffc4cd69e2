"""Players: lasting identities with their tokens, and their ratings per game type."""
