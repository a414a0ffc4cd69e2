"""Event streams that scale: one store reader per followed game, fanned out in memory; stream limits."""
