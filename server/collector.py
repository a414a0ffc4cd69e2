"""Full garbage collections on a timer, run by the event loop, instead of on the collector's count.

Python's cyclic collector walks its oldest generation, every long-lived
object of the process, whenever the objects moved into it since its last
walk reach a quarter of it. A replica keeps the records of the games it
serves (``server.sessions.cache``), and each collection of the young
generations moves the objects of the calls then in flight into the old one.
With 10,000 games played at once, the oldest generation held about 300,000
objects, and the collector walked it every 5 seconds for 230-300 ms on a
2-core machine: 5% of the replica's time, every call waiting meanwhile
(docs/PERFORMANCE.md, "Full collections on a timer").

While ``FullCollections.run`` runs, the young generations are still collected
on the collector's own count (they are small: about 20 ms a second in all); the
oldest is walked every ``period`` seconds, so a replica pauses for it once a
minute rather than every few seconds, and cyclic garbage that reached the
oldest generation is freed within that time.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("server.collector")

# A count of young collections the oldest generation's own trigger never reaches.
NEVER = 2**31 - 1


class FullCollections:
    """The oldest generation's collections, taken over from the collector while ``run`` runs."""

    def __init__(self, period: float, observe: Callable[[float], None] | None = None) -> None:
        self._period = period
        self._observe = observe

    async def run(self) -> None:
        """Collect everything every ``period`` seconds until cancelled; the thresholds are restored then."""
        young, middle, oldest = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        try:
            while True:
                await asyncio.sleep(self._period)
                self.collect()
        finally:
            gc.set_threshold(young, middle, oldest)

    def collect(self) -> None:
        """One full collection, timed."""
        started = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - started
        log.debug("full collection: %d unreachable objects, %.1f ms", found, took * 1000)
        if self._observe is not None:
            self._observe(took)
