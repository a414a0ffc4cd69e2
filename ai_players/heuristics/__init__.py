"""Per-game greedy heuristics and static evaluations; each module registers itself on import."""
