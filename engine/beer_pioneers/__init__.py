"""Beer Pioneers: brew in six coops, rotate the dials, deliver orders (2-4 players)."""
