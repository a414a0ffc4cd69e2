"""Locust load tests for the Zythos gRPC API (see docs/LOADTEST.md)."""
