"""The Zythos gRPC server: thin servicers over a session domain layer and a SessionStore."""
