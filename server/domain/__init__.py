"""The server's shared vocabulary: domain errors and their reasons, game records, request checks."""
