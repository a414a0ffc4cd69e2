"""Scripts that measure the bots (strength matches); not part of the runtime."""
