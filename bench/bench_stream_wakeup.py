"""What waking a followed game's waiting streams costs: the hub's swapped Event against a Condition.

    .venv/bin/python bench/bench_stream_wakeup.py [--streams 60] [--changes 2000] [--rounds 3]

``--streams`` tasks wait on one game as ``server/streams/hub.py``'s streams do, and the game
changes ``--changes`` times; each change wakes every stream once. The hub's way is
``_Followed.notify`` (set the game's Event and put a fresh one in its place); the baseline is
the ``asyncio.Condition`` the hub used before, whose woken waiters take its lock back one after
another. Rounds alternate the two in one process and print microseconds per wake and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.streams.hub import BEFORE_ALL, _Followed


async def _hub_wakes(streams: int, changes: int) -> float:
    """Seconds per wake with the hub's own ``_Followed``."""
    game = _Followed("g", BEFORE_ALL, BEFORE_ALL, False)
    version, woken = [0], [0]

    async def stream() -> None:
        seen = 0
        while seen < changes:
            while version[0] <= seen:
                await game.changed.wait()
            seen = version[0]
            woken[0] += 1

    return await _drive(streams, changes, stream, game.notify, version, woken)


async def _condition_wakes(streams: int, changes: int) -> float:
    """Seconds per wake with a Condition, as the hub waited before."""
    changed = asyncio.Condition()
    version, woken = [0], [0]

    async def stream() -> None:
        seen = 0
        while seen < changes:
            async with changed:
                while version[0] <= seen:
                    await changed.wait()
            seen = version[0]
            woken[0] += 1

    async def notify() -> None:
        async with changed:
            changed.notify_all()

    return await _drive(streams, changes, stream, notify, version, woken)


async def _drive(
    streams: int,
    changes: int,
    stream: Callable[[], Coroutine[Any, Any, None]],
    notify: Callable[[], Awaitable[None] | None],
    version: list[int],
    woken: list[int],
) -> float:
    """Change the game ``changes`` times, each time waiting until every stream has woken."""
    tasks = [asyncio.create_task(stream()) for _ in range(streams)]
    await asyncio.sleep(0)
    start = time.perf_counter()
    for change in range(1, changes + 1):
        version[0] = change
        woke = notify()
        if woke is not None:
            await woke
        while woken[0] < streams * change:
            await asyncio.sleep(0)
    elapsed = time.perf_counter() - start
    await asyncio.gather(*tasks)
    return elapsed / (streams * changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=60)
    parser.add_argument("--changes", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios = []
    for n in range(1, args.rounds + 1):
        condition = asyncio.run(_condition_wakes(args.streams, args.changes))
        hub = asyncio.run(_hub_wakes(args.streams, args.changes))
        ratios.append(hub / condition)
        print(
            f"round {n}: Condition {condition * 1e6:.2f} us per wake, hub's Event {hub * 1e6:.2f} us, "
            f"hub / Condition {hub / condition:.2f}"
        )
    print(f"median hub / Condition over {args.rounds} rounds: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
