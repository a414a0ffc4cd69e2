"""Headless AI players: information-set MCTS and the bot worker process (a plain gRPC client)."""
