"""The domain layer: games as players see them, with no gRPC in sight (``facade.Sessions``)."""
