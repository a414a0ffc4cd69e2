"""``zythos-bots``: the bot worker process.

A bot is an ordinary client. The worker registers with the server's
``BotService``, receives seat assignments (each with its own seat token), and
plays every seat through ``GameService`` alone: it follows the seat's event
stream, reads the seat's view, rebuilds the engine observation from that proto
view (``wire.view_from_proto``), searches it with ISMCTS in a separate process,
and submits the chosen action id. It never sees more than its seat may see.

Searches run in a process pool, so one long search never delays another
seat; each decision is capped by its level's time limit. On a version
conflict the seat re-reads its view and decides again; when the assignment
stream breaks the worker reconnects (to any replica) and keeps its seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import signal
import time
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import grpc

from ai_players import clock_budget, metrics
from ai_players.health import StreamHealth, serve_health
from ai_players.levels import LEVELS, config_for
from ai_players.mcts import search
from engine.core import registry
from zythos import settings
from zythos.channel import balanced_channel, tls_credentials
from zythos.client import ZythosClient, ZythosError
from zythos.settings import setting
from zythos.v1 import bot_service_pb2 as bot_pb
from zythos.v1 import bot_service_pb2_grpc as bot_grpc
from zythos.v1 import game_service_pb2 as pb

log = logging.getLogger("zythos.bots")

_DONE = (pb.GAME_STATUS_FINISHED, pb.GAME_STATUS_ABANDONED)
# Answers that mean "the position moved on: read the view again and decide anew".
_RETRY_REASONS = frozenset({"STALE_VERSION", "NOT_YOUR_TURN", "ILLEGAL_ACTION", "COMMIT_CONFLICT"})
# Answers that mean "this seat is no longer ours" (re-assigned with a new token, or the game is gone).
_LOST_CODES = frozenset(
    {grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.NOT_FOUND}
)


PROG = "zythos-bots"


@dataclass(frozen=True)
class WorkerConfig:
    """Everything ``zythos-bots`` is told on its command line or by ``ZYTHOS_*`` variables."""

    server: str = setting("127.0.0.1:50051", "server address HOST:PORT, dns:///name:port or ipv4:a:p,b:p")
    name: str = setting(
        help="worker name for logs and metrics",
        env="ZYTHOS_BOT_NAME",
        default_factory=lambda: f"bots-{os.getpid()}",
    )
    capacity: int = setting(16, "most seats played at once", env="ZYTHOS_BOT_CAPACITY", minimum=1)
    processes: int = setting(1, "search processes", env="ZYTHOS_BOT_PROCESSES", minimum=1)
    levels: tuple[str, ...] = setting(
        (),
        f"levels served, comma-separated, of {','.join(LEVELS)}; empty: all",
        env="ZYTHOS_BOT_LEVELS",
        choices=tuple(LEVELS),
    )
    game_types: tuple[str, ...] = setting(
        (), "comma-separated game types served; empty: all", env="ZYTHOS_BOT_GAMES", flag="games"
    )
    bot_secret: str = setting("", "shared secret the server expects from workers")
    bot_server: str = setting(
        "",
        "address of the server's bot port (mutual TLS) for BotService; empty: --server",
        env="ZYTHOS_BOT_SERVER",
    )
    tls_ca: str = setting(
        "", "CA file to verify the server's TLS certificate; empty with no --tls-cert: plaintext"
    )
    tls_cert: str = setting("", "client certificate file, shown on the bot port when the server asks for one")
    tls_key: str = setting("", "private key file of --tls-cert")
    poll_seconds: float = setting(
        2.0,
        "seconds between two looks at a seat's game when its event stream is down",
        env="ZYTHOS_BOT_POLL_SECONDS",
        minimum=0.1,
    )
    reconnect_seconds: float = setting(
        1.0,
        "seconds between two attempts to reach the server",
        env="ZYTHOS_BOT_RECONNECT_SECONDS",
        minimum=0.1,
    )
    metrics_port: int = setting(0, "serve Prometheus metrics on this port; 0: off", minimum=0, maximum=65535)
    metrics_host: str = setting("0.0.0.0", "address the metrics endpoint listens on")
    health_port: int = setting(
        0,
        "serve GET /healthz on this port (200 while the assignment stream is alive); 0: off",
        env="ZYTHOS_BOT_HEALTH_PORT",
        minimum=0,
        maximum=65535,
    )
    health_window: float = setting(
        30.0,
        "seconds /healthz stays 200 after the assignment stream was last open",
        env="ZYTHOS_BOT_HEALTH_WINDOW",
        minimum=1.0,
    )
    max_iterations: int = setting(
        0,
        "cap every level's MCTS iterations per decision; 0: no cap",
        env="ZYTHOS_BOT_MAX_ITERATIONS",
        minimum=0,
    )
    budget_scale: float = setting(
        1.0,
        "multiply every level's MCTS iterations per decision (levels are calibrated at 1)",
        env="ZYTHOS_BOT_BUDGET_SCALE",
        minimum=0.01,
    )
    log_level: str = setting(
        "INFO", "DEBUG, INFO, WARNING or ERROR", choices=("DEBUG", "INFO", "WARNING", "ERROR")
    )


def decide(
    game_type: str,
    view_bytes: bytes,
    level: str,
    seed: int,
    max_iterations: int = 0,
    time_limit: float | None = None,
    budget_scale: float = 1.0,
) -> tuple[str, int, float]:
    """Search one decision from a serialized ``GameView``; runs in a pool process.

    Returns the chosen action id, the iterations run and the search seconds.
    The only input is the seat's proto view: the search cannot reach any
    state the seat may not see. ``time_limit`` (the clock's share,
    ``clock_budget``) replaces the level's own limit when given.
    """
    game = registry.get(game_type)
    wire = registry.wire(game_type)
    view = pb.GameView.FromString(view_bytes)
    observation = wire.view_from_proto(getattr(view, wire.oneof_field))
    config = config_for(game_type, level)
    if budget_scale != 1.0 and config.iterations is not None:
        config = replace(config, iterations=max(1, round(config.iterations * budget_scale)))
    if max_iterations and (config.iterations is None or config.iterations > max_iterations):
        config = replace(config, iterations=max_iterations)
    if time_limit is not None:
        config = replace(config, time_limit=time_limit)
    result = search(game, observation, view.your_seat, config, seed)
    return result.action.id, result.iterations, result.seconds


def decision_seed(game_id: str, seat: int, version: int) -> int:
    """A reproducible seed per decision, so a replayed game makes the same choices."""
    digest = hashlib.sha256(f"{game_id}/{seat}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def clock_limit(view: pb.GameView, level_limit: float | None, now: float) -> float | None:
    """The time the seat's decision may take under its game's clock; ``None`` without a clock.

    The turn time left is read from the seat's ``turn_deadline`` and capped at
    the clock's turn time, so a worker whose clock runs behind the server's
    never counts on more than one turn.
    """
    clock = view.game.clock
    if not clock.per_turn.ToNanoseconds():
        return None
    seat = view.game.seats[view.your_seat]
    per_turn = clock.per_turn.ToNanoseconds() / 1e9
    turn_left = per_turn
    if seat.HasField("turn_deadline"):
        turn_left = min(per_turn, seat.turn_deadline.ToNanoseconds() / 1e9 - now)
    reserve_left = seat.reserve_left.ToNanoseconds() / 1e9
    return clock_budget.decision_seconds(level_limit, turn_left, reserve_left)


class SeatPlayer:
    """Plays one assigned seat until the game ends or the seat is taken away."""

    def __init__(
        self, client: ZythosClient, assignment: bot_pb.BotAssignment, executor: Executor, config: WorkerConfig
    ) -> None:
        self.client = client
        self.assignment = assignment
        self.executor = executor
        self.poll_seconds = config.poll_seconds
        self.max_iterations = config.max_iterations
        self.budget_scale = config.budget_scale
        self._wake = asyncio.Event()

    @property
    def _token(self) -> str:
        return self.assignment.seat_token

    async def run(self) -> None:
        a = self.assignment
        follower = asyncio.create_task(self._follow_events())
        try:
            while not await self._step():
                pass
        except ZythosError as error:
            if error.code not in _LOST_CODES:
                raise
            log.info("seat %s of %s is no longer ours: %s", a.seat, a.game_id, error)
        finally:
            follower.cancel()
            with contextlib.suppress(asyncio.CancelledError, ZythosError):
                await follower

    async def _step(self) -> bool:
        """Read the seat's view, and play or wait for the next event; True once the game is over.

        ``UNAVAILABLE`` (a replica draining, the store away for a moment) is
        waited out: the balanced channel sends the next call elsewhere, and a
        move sent again carries the same request id, so it is applied once.
        """
        a = self.assignment
        self._wake.clear()
        try:
            view = await self.client.get_view(a.game_id, token=self._token)
            if view.game.status in _DONE:
                return True
            if a.seat in view.game.to_act:
                await self._play_one(view)
                return False
        except ZythosError as error:
            if error.code != grpc.StatusCode.UNAVAILABLE:
                raise
            metrics.error(a.game_type, "unavailable")
            log.info("seat %s of %s: %s; trying again", a.seat, a.game_id, error)
            await asyncio.sleep(self.poll_seconds / 4)
            return False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=self.poll_seconds)
        return False

    async def _follow_events(self) -> None:
        """Wake the seat on every event; resume after the last event id when the stream breaks."""
        last = ""
        while True:
            try:
                events = self.client.stream_events(self.assignment.game_id, last, token=self._token)
                async for event in events:
                    last = event.event_id
                    self._wake.set()
                return
            except ZythosError as error:
                if error.code in _LOST_CODES:
                    return
                await asyncio.sleep(self.poll_seconds)

    async def _play_one(self, view: pb.GameView) -> None:
        a = self.assignment
        started = time.perf_counter()
        action_id, iterations, _ = await asyncio.get_running_loop().run_in_executor(
            self.executor,
            decide,
            a.game_type,
            view.SerializeToString(),
            a.level,
            decision_seed(a.game_id, a.seat, view.game.version),
            self.max_iterations,
            clock_limit(view, config_for(a.game_type, a.level).time_limit, time.time()),
            self.budget_scale,
        )
        metrics.decided(a.game_type, a.level, time.perf_counter() - started, iterations)
        try:
            await self.client.submit_action(
                a.game_id,
                action_id,
                expected_version=view.game.version,
                request_id=f"bot/{a.seat}/{view.game.version}",
                token=self._token,
            )
        except ZythosError as error:
            if error.reason not in _RETRY_REASONS:
                raise
            metrics.error(a.game_type, error.reason.lower())
            log.info("seat %s of %s: %s; deciding again", a.seat, a.game_id, error.reason)
            if error.reason != "STALE_VERSION":  # not a race we lost: do not hammer the server
                await asyncio.sleep(self.poll_seconds / 4)


class BotWorker:
    """Holds the assignment stream and one ``SeatPlayer`` task per assigned seat.

    Seats outlive the stream: when it breaks (the replica shut down) the
    worker reconnects over the same balanced channel, names the seats it
    plays (``held``) under its lifelong ``worker_id``, and keeps them.
    """

    def __init__(self, config: WorkerConfig, executor: Executor) -> None:
        self.config = config
        self.executor = executor
        self.worker_id = uuid.uuid4().hex
        self.seats: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.stream = StreamHealth(config.health_window)
        self._stopping = asyncio.Event()

    def stop(self) -> None:
        self._stopping.set()

    async def run(self) -> None:
        """Serve assignments until stopped, reconnecting whenever the stream breaks."""
        config = self.config
        channel = balanced_channel(config.server, credentials=tls_credentials(config.tls_ca))
        bot_channel = channel
        if config.bot_server:
            bot_credentials = tls_credentials(config.tls_ca, config.tls_cert, config.tls_key)
            bot_channel = balanced_channel(config.bot_server, credentials=bot_credentials)
        client = ZythosClient(channel=channel)
        try:
            while not self._stopping.is_set():
                try:
                    await self._watch(bot_channel, client)
                except grpc.aio.AioRpcError as error:
                    log.warning(
                        "assignment stream lost (%s: %s); reconnecting", error.code().name, error.details()
                    )
                    metrics.error("", "disconnected")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), timeout=self.config.reconnect_seconds)
        finally:
            for task in self.seats.values():
                task.cancel()
            await asyncio.gather(*self.seats.values(), return_exceptions=True)
            self.seats.clear()
            await channel.close()
            if bot_channel is not channel:
                await bot_channel.close()

    async def _watch(self, channel: grpc.aio.Channel, client: ZythosClient) -> None:
        request = bot_pb.WatchAssignmentsRequest(
            worker_name=self.config.name,
            game_types=list(self.config.game_types),
            levels=list(self.config.levels),
            capacity=self.config.capacity,
            worker_id=self.worker_id,
            held=[bot_pb.HeldSeat(game_id=game_id, seat=seat) for game_id, seat in self.seats],
        )
        metadata = (("authorization", f"Bearer {self.config.bot_secret}"),) if self.config.bot_secret else ()
        call = bot_grpc.BotServiceStub(channel).WatchAssignments(request, metadata=metadata)
        stop = asyncio.create_task(self._stopping.wait())
        connected = asyncio.create_task(self._mark_open(channel, call))
        try:
            async for response in _until(call, stop):
                self._start_seat(client, response.assignment)
        finally:
            connected.cancel()
            self.stream.closed()
            stop.cancel()
            call.cancel()

    async def _mark_open(self, channel: grpc.aio.Channel, call: grpc.aio.Call) -> None:
        """Count the stream as open once the channel reaches a server with the call still running.

        The server sends nothing on the stream until it has a seat to assign,
        so the channel's state is the first sign that the call got through.
        """
        await channel.channel_ready()
        if not call.done():
            self.stream.opened()

    def _start_seat(self, client: ZythosClient, assignment: bot_pb.BotAssignment) -> None:
        key = (assignment.game_id, assignment.seat)
        previous = self.seats.pop(key, None)
        if previous is not None:
            previous.cancel()
        player = SeatPlayer(client, assignment, self.executor, self.config)
        task = asyncio.create_task(self._guard(player))
        self.seats[key] = task
        task.add_done_callback(lambda t: self._forget(key, t))
        metrics.seat_started(assignment.game_type, assignment.level)

    def _forget(self, key: tuple[str, int], task: asyncio.Task[None]) -> None:
        if self.seats.get(key) is task:
            del self.seats[key]

    async def _guard(self, player: SeatPlayer) -> None:
        a = player.assignment
        try:
            await player.run()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("seat %s of %s failed", a.seat, a.game_id)
            metrics.error(a.game_type, "seat_failed")
        finally:
            metrics.seat_finished()


async def _until(
    call: grpc.aio.UnaryStreamCall[Any, bot_pb.WatchAssignmentsResponse], stop: asyncio.Task[bool]
) -> AsyncIterator[bot_pb.WatchAssignmentsResponse]:
    """Yield the stream's messages until it ends or ``stop`` completes."""
    reader = call.__aiter__()
    while True:
        next_message = asyncio.ensure_future(reader.__anext__())
        done, _ = await asyncio.wait({next_message, stop}, return_when=asyncio.FIRST_COMPLETED)
        if next_message not in done:
            next_message.cancel()
            return
        try:
            yield next_message.result()
        except StopAsyncIteration:
            return


def parse_args(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> WorkerConfig:
    """The worker's settings; a bad value stops it with one line naming the setting."""
    return settings.load(WorkerConfig, PROG, "Play bot seats of a Zythos server.", argv, environ)


async def serve(config: WorkerConfig) -> None:
    """Run a worker until SIGTERM or SIGINT."""
    if config.metrics_port:
        try:
            metrics.start_http(config.metrics_port, config.capacity, config.metrics_host)
        except OSError as exc:
            settings.fail(PROG, f"--metrics-port {config.metrics_port}: {exc.strerror or exc}")
    # forkserver: never fork this process, whose gRPC threads make fork unsafe.
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=config.processes, mp_context=context) as executor:
        await _warm(executor, config.processes)
        worker = BotWorker(config, executor)
        health = await _serve_health(config, worker.stream)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, worker.stop)
        log.info("zythos-bots %s serving %s with capacity %d", config.name, config.server, config.capacity)
        try:
            await worker.run()
        finally:
            if health is not None:
                health.close()


def _load_games() -> int:
    return len(registry.all_games())


async def _warm(executor: Executor, processes: int) -> None:
    """Start the search processes and load the games in them before the first seat arrives.

    A cold process spends a second or more importing the engines: paid by the
    first decision, it would come out of that seat's clock.
    """
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(executor, _load_games) for _ in range(processes)))


async def _serve_health(config: WorkerConfig, stream: StreamHealth) -> asyncio.Server | None:
    """The /healthz endpoint on the metrics host, when ``--health-port`` asks for one."""
    if not config.health_port:
        return None
    try:
        return await serve_health(stream, config.metrics_host, config.health_port)
    except OSError as exc:
        settings.fail(PROG, f"--health-port {config.health_port}: {exc.strerror or exc}")


def main(argv: Sequence[str] | None = None) -> None:
    config = parse_args(argv)
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    asyncio.run(serve(config))


if __name__ == "__main__":
    main()
