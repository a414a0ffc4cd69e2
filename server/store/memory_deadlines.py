"""Turn-clock deadlines in process (``MemoryStore``'s half of the contract).

The same semantics as Redis's (``server/store/redis_deadlines.py``): one
entry per deadline, due at a monotonic time; claiming a due one pushes it a
lease into the future until it is finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from server.store.base import Deadline


class MemoryDeadlines:
    """Deadlines by name -> (due time, the deadline); ``clock`` is monotonic seconds (injectable)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._deadline_clock = clock
        self._due: dict[Deadline, float] = {}

    async def schedule_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        now = self._deadline_clock()
        for deadline in deadlines:
            self._due.pop(deadline, None)  # the new entry keeps the new delay
            self._due[deadline] = now + deadline.seconds

    async def claim_due_deadlines(self, limit: int, lease: float) -> list[Deadline]:
        now = self._deadline_clock()
        due = sorted((at, d.member, d) for d, at in self._due.items() if at <= now)[:limit]
        for _, _, deadline in due:
            self._due[deadline] = now + lease
        return [deadline for _, _, deadline in due]

    async def finish_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        for deadline in deadlines:
            self._due.pop(deadline, None)
