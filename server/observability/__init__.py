"""Metrics, the domain's metric hooks and structured logs."""
