"""Full garbage collections come on the replica's timer, not on the collector's own count.

With many games in memory, the collector's own trigger walked the whole heap
every 5 seconds (230-300 ms each at 10,000 games); ``server.collector``
walks it every ``--full-gc-seconds`` instead and leaves the young generations
to the collector.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import Callable, Iterator

from bench.procs import Processes
from server.collector import NEVER, FullCollections
from tests.replicas.support import sample_sum, start_replica, until

# Long-lived containers enough to pull the collector's own trigger for a full collection (the
# objects moved into the oldest generation reach a quarter of it) several times, from empty.
GROWTH = 200_000


@contextlib.contextmanager
def an_empty_oldest_generation() -> Iterator[None]:
    """The process's objects set aside (``gc.freeze``), so the test's own allocations decide.

    After a whole test suite the oldest generation holds millions of objects, and a quarter of
    it is more than the test allocates.
    """
    gc.freeze()
    gc.collect()
    try:
        yield
    finally:
        gc.unfreeze()


def full_collections_while(work: Callable[[], object]) -> int:
    """How many times the collector walked its oldest generation while ``work`` ran."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            seen.append(1)

    gc.callbacks.append(note)
    try:
        work()
    finally:
        gc.callbacks.remove(note)
    return len(seen)


def grow() -> list[dict[str, int]]:
    return [{} for _ in range(GROWTH)]


async def test_the_schedule_replaces_the_collectors_own_full_collections() -> None:
    before = gc.get_threshold()
    with an_empty_oldest_generation():
        assert full_collections_while(grow) > 0  # the collector's own trigger, for contrast

    took: list[float] = []
    schedule = asyncio.create_task(FullCollections(0.1, took.append).run())
    await asyncio.sleep(0)
    try:
        assert gc.get_threshold() == (before[0], before[1], NEVER)
        with an_empty_oldest_generation():
            assert full_collections_while(grow) == 0  # no await inside: the timer cannot fire
        await until(lambda: len(took) >= 2, 5.0, "two scheduled full collections")
        assert all(0 < seconds < 5.0 for seconds in took)
    finally:
        schedule.cancel()
        await asyncio.gather(schedule, return_exceptions=True)
    assert gc.get_threshold() == before


async def test_a_served_replica_times_its_scheduled_full_collections(redis_url: str) -> None:
    with Processes() as procs:
        replica = start_replica(procs, redis_url, "--full-gc-seconds", "0.2")
        name = "zythos_gc_full_collection_seconds_count"
        await until(lambda: sample_sum(replica.scrape(), name) >= 3, 10.0, "three timed full collections")
        default = start_replica(procs, redis_url, "--full-gc-seconds", "0")
        await asyncio.sleep(0.5)
        assert sample_sum(default.scrape(), name) == 0  # off: Python's collector decides, untimed
