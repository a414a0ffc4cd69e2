"""Zythos Python SDK: generated zythos.v1 stubs and a small async client."""
