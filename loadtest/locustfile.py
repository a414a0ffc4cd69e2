"""Zythos load scenarios, shaped on how the service is used (docs/LOADTEST.md).

- ``Player``: creates a game, fills every seat itself, and plays it to the
  end with random legal actions (ListLegalActions, then SubmitAction pinned
  to that version): the steady write path.
- ``Spectator``: watches a running game's StreamEvents for a while: many
  long-lived streams fed by other users' commits.
- ``HotGamePlayer``: all users of this class race on one shared game with
  the same seat and version; one wins each round and the others get ABORTED,
  which is the designed answer and counted as expected.
- ``Lobby``: bursts of CreateGame, JoinGame and LeaveGame.
- ``Queuer``: a player (PlayerService) who queues for a short game
  (CreateTicket, WatchTicket), plays its seat against bots (or another
  queuer) to the end, and queues again.

Run from the repository root with ``PYTHONPATH=.``; the settings below come
from ``ZYTHOS_LOAD_*`` environment variables.
"""

from __future__ import annotations

import os
import random
import uuid

import gevent
import grpc
from gevent.lock import Semaphore
from locust import between, constant, task

from loadtest.grpc_client import GrpcUser
from zythos.client import ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb

GAME_TYPE = os.environ.get("ZYTHOS_LOAD_GAME_TYPE", "tbbr_dice")
PLAYERS = int(os.environ.get("ZYTHOS_LOAD_PLAYERS", "2"))
SPECTATE_SECONDS = float(os.environ.get("ZYTHOS_LOAD_SPECTATE_SECONDS", "10"))
# A game played this many steps without ending is abandoned (guards against a rules loop).
MAX_STEPS = int(os.environ.get("ZYTHOS_LOAD_MAX_STEPS", "5000"))
# Queuers ask for this game, with bots after this many seconds.
QUEUE_GAME_TYPE = os.environ.get("ZYTHOS_LOAD_QUEUE_GAME_TYPE", "tiny_dice")
BOT_FILL_AFTER = float(os.environ.get("ZYTHOS_LOAD_BOT_FILL_AFTER", "1"))
# Seconds a matched game may wait for its bot seats (a bot worker) before the queuer leaves it.
BOT_WAIT_SECONDS = float(os.environ.get("ZYTHOS_LOAD_BOT_WAIT_SECONDS", "20"))

FINISHED = (pb.GAME_STATUS_FINISHED, pb.GAME_STATUS_ABANDONED)


def seat_all(user: GrpcUser, players: int) -> tuple[pb.Game, dict[int, str]]:
    """Create a game and take every seat: the game is ACTIVE with one token per seat."""
    created = user.client.create_game(GAME_TYPE, players, "load-0")
    tokens = {created.seat: created.seat_token}
    game = created.game
    for n in range(1, players):
        joined = user.client.join_game(game.game_id, f"load-{n}")
        tokens[joined.seat] = joined.seat_token
        game = joined.game
    return game, tokens


class Player(GrpcUser):
    """Plays whole games, every seat, with random legal actions."""

    weight = 6
    wait_time = constant(0)

    @task
    def play_a_game(self) -> None:
        game, tokens = seat_all(self, PLAYERS)
        for _ in range(MAX_STEPS):
            if game.status in FINISHED:
                return
            game = self.take_turn(game, tokens)
        for token in tokens.values():  # runaway game: free it
            self.client.leave_game(game.game_id, token)

    def take_turn(self, game: pb.Game, tokens: dict[int, str]) -> pb.Game:
        seat = game.to_act[0] if game.to_act else None
        if seat is None:  # nobody to act while ACTIVE: read it again
            return self.client.get_game(game.game_id)
        legal = self.client.list_legal_actions(game.game_id, tokens[seat])
        action = random.choice(legal.actions)
        response = self.client.submit_action(
            game.game_id, action.id, tokens[seat], expected_version=legal.version, request_id=uuid.uuid4().hex
        )
        return response.game


class Spectator(GrpcUser):
    """Holds a running game's event stream, as an audience would."""

    weight = 3
    wait_time = between(0.5, 1.5)

    @task
    def watch(self) -> None:
        games = self.client.list_games(pb.GAME_STATUS_ACTIVE)
        if not games:
            return
        stream = self.client.stream_events(random.choice(games).game_id)
        timer = gevent.spawn_later(SPECTATE_SECONDS, stream.cancel)
        try:
            with self.client.expecting(grpc.StatusCode.CANCELLED):  # our own hang-up
                for _event in stream:
                    pass
        except grpc.RpcError:
            pass  # already reported to Locust by the interceptor, as expected or as a failure
        finally:
            timer.kill()
            stream.cancel()


class HotGamePlayer(GrpcUser):
    """Races the other users of this class on one solo game: same seat, same version."""

    weight = 2
    wait_time = constant(0)

    _lock = Semaphore()
    _game_id = ""
    _token = ""

    @classmethod
    def shared_game(cls, user: GrpcUser, finished: str = "") -> tuple[str, str]:
        """The hot game; the first user to see ``finished`` end opens the next one."""
        with cls._lock:
            if not cls._game_id or cls._game_id == finished:
                created = user.client.create_game(GAME_TYPE, 1, "hot")
                cls._game_id, cls._token = created.game.game_id, created.seat_token
            return cls._game_id, cls._token

    @task
    def race(self) -> None:
        game_id, token = self.shared_game(self)
        # ABORTED: another user moved the version first. FAILED_PRECONDITION: the
        # game just ended under us (GAME_NOT_ACTIVE) or our turn was taken.
        with self.client.expecting(grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
            try:
                legal = self.client.list_legal_actions(game_id, token)
                if not legal.actions:
                    self.retire(game_id)
                    return
                self.client.submit_action(
                    game_id, random.choice(legal.actions).id, token, expected_version=legal.version
                )
            except ZythosError as error:
                if error.reason == "GAME_NOT_ACTIVE":
                    self.retire(game_id)

    def retire(self, game_id: str) -> None:
        if self.client.get_game(game_id).status in FINISHED:
            self.shared_game(self, finished=game_id)


class Lobby(GrpcUser):
    """Creation and joining bursts: open a four-seat game, fill it, everyone leaves."""

    weight = 1
    wait_time = between(0.1, 0.5)

    @task
    def fill_and_leave(self) -> None:
        game, tokens = seat_all(self, 4)
        self.client.get_game(game.game_id)
        for token in tokens.values():
            game = self.client.leave_game(game.game_id, token)


class Queuer(GrpcUser):
    """Queues for a short game, plays its seat against bots to the end, and queues again."""

    weight = 2
    wait_time = constant(0)

    def on_start(self) -> None:
        self.player_token = self.client.create_player("queuer").player_token

    @task
    def queue_and_play(self) -> None:
        created = self.client.create_ticket(
            QUEUE_GAME_TYPE, 2, "queuer", self.player_token, BOT_FILL_AFTER, "easy"
        )
        ticket = created.ticket
        for update in self.client.watch_ticket(ticket.ticket_id, created.ticket_token):
            ticket = update.ticket
        if ticket.status != mm_pb.TICKET_STATUS_MATCHED:
            return
        self.play_seat(ticket.game_id, ticket.seat, ticket.seat_token)

    def play_seat(self, game_id: str, seat: int, token: str) -> None:
        """Act whenever the seat is to act, until the game ends (leave it if its bots never come)."""
        waited = 0.0
        for _ in range(MAX_STEPS):
            game = self.client.get_game(game_id)
            if game.status in FINISHED:
                return
            if seat not in game.to_act:
                if game.status == pb.GAME_STATUS_WAITING:
                    waited += 0.05
                    if waited > BOT_WAIT_SECONDS:
                        break
                gevent.sleep(0.05)
                continue
            legal = self.client.list_legal_actions(game_id, token)
            self.client.submit_action(game_id, random.choice(legal.actions).id, token, legal.version)
        self.client.leave_game(game_id, token)
