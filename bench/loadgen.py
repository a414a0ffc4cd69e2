"""A lean load generator: pre-serialized SubmitAction calls from separate processes.

Each load-generator process opens one grpc.aio channel per server and runs
many client coroutines over them. A client sends the bytes of a ``Move``
(see ``scripted_games``) and reads no response body, so the per-call cost on
the client is gRPC's alone. Two ways to play:

- ``games``: each client plays its own games, one move after another (game after
  game, or ``in_turns``: one move of each game in turn, all of them live at once); with
  an ``interval``, open loop: each client sends a move every ``interval``
  seconds (from a random phase) whether or not the last one was answered, and
  a move's latency counts from when it was due, so a server falling behind
  shows as latency (no coordinated omission) instead of as a slower client.
- ``hot``: every client races on the same game, submitting the move for the
  version it last heard of; the loser gets ABORTED (STALE_VERSION, with the
  current version in ErrorInfo) and moves on to that version, or, with
  ``reread``, first reads the game again with GetGame as a real client does
  before it decides anew.

Only calls that end inside the measurement window (after a warm-up) count.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

import grpc

from bench.procs import CpuMeter
from bench.scripted_games import GameScript, Move
from zythos.channel import balanced_channel
from zythos.client import ZythosError
from zythos.v1 import game_service_pb2 as pb

SUBMIT = "/zythos.v1.GameService/SubmitAction"
GET_GAME = "/zythos.v1.GameService/GetGame"


@dataclass(frozen=True)
class Window:
    """Monotonic clock times (shared by every process on Linux) bounding one measurement."""

    start: float  # load begins
    measure: float  # warm-up over: calls ending from here count
    end: float

    @property
    def seconds(self) -> float:
        return self.end - self.measure


@dataclass
class Tally:
    """What one process (or, merged, the whole generator) saw inside the window."""

    latencies: list[float] = field(default_factory=list)
    aborted: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    starved: int = 0  # clients that ran out of moves before the end

    def merge(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.aborted += other.aborted
        self.errors.update(other.errors)
        self.starved += other.starved


@dataclass(frozen=True)
class Plan:
    """One process's share: the servers and, per client, the games it plays."""

    mode: str  # "games" or "hot"
    targets: tuple[str, ...]
    clients: tuple[tuple[GameScript, ...], ...]
    client_ids: tuple[int, ...]  # global number of each client, which picks its server
    repeat: bool  # play the moves again and again (the ceiling does not check them)
    backoff: float  # hot: after ABORTED, wait a random 0..backoff seconds before the next try
    reread: bool = False  # hot: after ABORTED, GetGame for the version before the next try
    interval: float = 0.0  # games: seconds between a client's moves, open loop (0: closed loop)
    balanced: bool = False  # one channel balancing round-robin over every target (zythos.channel)
    connections: int = 1  # channels (each its own TCP connection) per target; clients are dealt over them
    in_turns: bool = False  # games: a client plays one move of each of its games in turn


def _channels(plan: Plan) -> list[grpc.aio.Channel]:
    """The process's channels: one balancing over every target, or ``connections`` per target.

    Channels of one process share their TCP connection unless each has its own subchannel pool:
    several connections are what a server sharing its port among processes spreads.
    """
    if plan.balanced:
        return [balanced_channel("ipv4:" + ",".join(plan.targets))]
    options = [("grpc.use_local_subchannel_pool", 1)] if plan.connections > 1 else []
    return [
        grpc.aio.insecure_channel(target, options=options)
        for _ in range(plan.connections)
        for target in plan.targets
    ]


def _one_after_another(games: Sequence[GameScript]) -> Iterator[tuple[GameScript, Move]]:
    for game in games:
        for move in game.moves:
            yield game, move


def _in_turns(games: Sequence[GameScript]) -> Iterator[tuple[GameScript, Move]]:
    """The first move of every game, then the second of every game, ...: all of them live at once."""
    for index in range(max((len(game.moves) for game in games), default=0)):
        for game in games:
            if index < len(game.moves):
                yield game, game.moves[index]


class Client:
    """One simulated player: raw-bytes unary calls, timed when they end inside the window."""

    def __init__(
        self,
        name: str,
        channel: grpc.aio.Channel,
        window: Window,
        tally: Tally,
        backoff: float = 0.0,
        reread: bool = False,
        interval: float = 0.0,
    ) -> None:
        self._name = name
        self._interval = interval
        self._backoff = backoff
        self._reread = reread
        self._jitter = random.Random(name)
        self._submit = channel.unary_unary(SUBMIT)
        self._get_game = channel.unary_unary(GET_GAME)
        self._window = window
        self._tally = tally

    def _count(self, began: float) -> bool:
        """Record a successful call; False once the window is over."""
        now = time.monotonic()
        if now >= self._window.measure:
            if now >= self._window.end:
                return False
            self._tally.latencies.append(now - began)
        return True

    def _failed(self, error: grpc.aio.AioRpcError, racing: bool = False) -> int | None:
        """Count an error; for ABORTED, the game version the server reported (if any).

        ``racing``: a lost race for a game's last move is answered GAME_NOT_ACTIVE
        (the winner ended the game), which counts as ABORTED.
        """
        counted = time.monotonic() >= self._window.measure
        detail = ZythosError.from_rpc_error(error)
        if error.code() is grpc.StatusCode.ABORTED or (racing and detail.reason == "GAME_NOT_ACTIVE"):
            self._tally.aborted += counted
            version = detail.metadata.get("version")
            return int(version) if version else None
        if counted:
            self._tally.errors[f"{error.code().name} {detail.reason}".strip()] += 1
        return None

    async def play(self, games: Sequence[GameScript], repeat: bool, in_turns: bool = False) -> None:
        """Each game's moves in order, game after game or (``in_turns``) one move of each game in
        turn; a failed move abandons that game."""
        due = time.monotonic() + self._jitter.uniform(0, self._interval)
        while True:
            abandoned: set[str] = set()
            for game, move in _in_turns(games) if in_turns else _one_after_another(games):
                if game.game_id in abandoned:
                    continue
                if self._interval:
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    began, due = due, due + self._interval
                else:
                    began = time.monotonic()
                try:
                    await self._submit(move.request, metadata=move.metadata)
                except grpc.aio.AioRpcError as error:
                    self._failed(error)
                    abandoned.add(game.game_id)
                    continue
                if not self._count(began):
                    return
            if not repeat:
                self._tally.starved += 1
                return

    async def race(self, games: Sequence[GameScript]) -> None:
        """Submit the move for the version last heard of, on the games one after another."""
        for game in games:
            version = game.moves[0].version
            while (index := game.by_version.get(version)) is not None:
                move = game.moves[index]
                # Racers are distinct clients: their own request ids, so no answer is shared as a repeat
                # (a later field in the bytes overrides the scripted one).
                mine = pb.SubmitActionRequest(request_id=f"{self._name}.{version}").SerializeToString()
                began = time.monotonic()
                try:
                    await self._submit(move.request + mine, metadata=move.metadata)
                except grpc.aio.AioRpcError as error:
                    if time.monotonic() >= self._window.end:
                        return
                    reported = self._failed(error, racing=True)
                    if self._reread or reported is None:
                        reported = await self._version(game.game_id)
                    version = reported
                    if self._backoff:
                        await asyncio.sleep(self._jitter.uniform(0, self._backoff))
                    continue
                if not self._count(began):
                    return
                version = move.next_version
        self._tally.starved += 1

    async def _version(self, game_id: str) -> int:
        reply = await self._get_game(pb.GetGameRequest(game_id=game_id).SerializeToString())
        return int(pb.GetGameResponse.FromString(reply).game.version)


async def _run(plan: Plan, window: Window) -> Tally:
    tally = Tally()
    channels = _channels(plan)
    for channel in channels:
        await asyncio.wait_for(channel.channel_ready(), 10)
    await asyncio.sleep(max(0.0, window.start - time.monotonic()))
    clients = []
    for index, games in zip(plan.client_ids, plan.clients, strict=True):
        channel = channels[index % len(channels)]
        client = Client(f"c{index}", channel, window, tally, plan.backoff, plan.reread, plan.interval)
        clients.append(
            client.play(games, plan.repeat, plan.in_turns) if plan.mode == "games" else client.race(games)
        )
    await asyncio.gather(*clients)
    for channel in channels:
        await channel.close()
    return tally


def _worker(plan: Plan, window: Window, pipe: Connection) -> None:
    pipe.send(asyncio.run(_run(plan, window)))
    pipe.close()


@dataclass(frozen=True)
class Result:
    """The merged tally of one measurement, with the CPU each process used meanwhile."""

    tally: Tally
    seconds: float
    cpu: dict[str, float]

    @property
    def rate(self) -> float:
        return len(self.tally.latencies) / self.seconds

    @property
    def server_cpu_per_call(self) -> float:
        """CPU seconds the servers (not Redis, not the generator) spent per SubmitAction answered.

        Unlike actions/s this barely moves when other work on the machine takes CPU away.
        """
        servers = sum(share for name, share in self.cpu.items() if name not in ("redis", "loadgen"))
        calls = len(self.tally.latencies) + self.tally.aborted + sum(self.tally.errors.values())
        return servers * self.seconds / max(1, calls)

    def quantile_ms(self, q: float) -> float:
        ordered = sorted(self.tally.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run(
    mode: str,
    targets: Sequence[str],
    clients: Sequence[Sequence[GameScript]],
    *,
    processes: int,
    warmup: float,
    duration: float,
    watch: dict[str, int],
    repeat: bool = False,
    backoff: float = 0.0,
    reread: bool = False,
    interval: float = 0.0,
    on_window: Callable[[bool], None] | None = None,
    balanced: bool = False,
    connections: int = 1,
    in_turns: bool = False,
) -> Result:
    """Drive the servers with ``clients`` spread over ``processes`` load-generator processes.

    ``watch`` names the pids whose CPU use is reported (servers, Redis); the
    load generators are added as ``loadgen``. ``connections``: TCP connections
    per server and load-generator process (1: every client shares one).
    ``in_turns``: each client plays one move of each of its games in turn, so all are live at once.
    """
    context = multiprocessing.get_context("spawn")
    processes = max(1, min(processes, len(clients)))
    start = time.monotonic() + 1.5 + 0.5 * processes  # time for the spawned processes to import
    window = Window(start, start + warmup, start + warmup + duration)
    workers, pipes = [], []
    for n in range(processes):
        share = tuple(tuple(games) for games in clients[n::processes])
        ids = tuple(range(len(clients)))[n::processes]
        plan = Plan(
            mode,
            tuple(targets),
            share,
            ids,
            repeat,
            backoff,
            reread,
            interval,
            balanced,
            connections,
            in_turns,
        )
        receiving, sending = context.Pipe(duplex=False)
        worker = context.Process(target=_worker, args=(plan, window, sending), daemon=True)
        worker.start()
        workers.append(worker)
        pipes.append(receiving)
    try:
        time.sleep(max(0.0, window.measure - time.monotonic()))
        meter = CpuMeter({**watch, **{f"loadgen{n}": w.pid for n, w in enumerate(workers) if w.pid}})
        meter.start()
        if on_window:
            on_window(True)
        time.sleep(max(0.0, window.end - time.monotonic()))
        cpu = meter.stop()
        if on_window:
            on_window(False)
        tally = Tally()
        for pipe in pipes:
            if not pipe.poll(60):
                raise RuntimeError("a load generator did not report within 60 s")
            tally.merge(pipe.recv())
    finally:
        for worker in workers:
            worker.join(5)
            if worker.is_alive():
                worker.kill()
    loadgen = sum(share for name, share in cpu.items() if name.startswith("loadgen"))
    cpu = {name: share for name, share in cpu.items() if not name.startswith("loadgen")}
    return Result(tally, window.seconds, {**cpu, "loadgen": loadgen})


def deal(scripts: Sequence[GameScript], clients: int) -> list[list[GameScript]]:
    """Client ``i`` plays games ``i``, ``i + clients``, ... so no two clients share a game."""
    return [list(scripts[i::clients]) for i in range(clients)]
