"""Turn clocks enforced by every replica: due deadlines claimed from the store, seats taken over."""
