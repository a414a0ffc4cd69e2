/**
 * The Zythos web client: pick a game type, create a game with bots, play it through the legal
 * actions and watch the event log live. It speaks gRPC-Web to the port that served the page,
 * through the generated TypeScript client (clients/ts), and knows no game's rules: the server
 * lists what may be done, with labels. The seat token stays in sessionStorage, so a reload or
 * a dropped connection resumes the game.
 */
import { toJsonString } from "@bufbuild/protobuf";
import {
  asSeat,
  createGameClient,
  errorInfo,
  type Game,
  type GameEvent,
  GameStatus,
  type GameType,
  type GameView,
  GameViewSchema,
  type LegalAction,
  TbbrDiceColour,
  type TbbrDiceDie,
  TbbrDiceDieStatus,
} from "@zythos/client";
import { drawMap, SEAT_COLOURS } from "./map.js";

const client = createGameClient(window.location.origin);
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

interface Seat {
  gameId: string;
  seat: number;
  token: string;
}

let current: Seat | undefined;
let gameTypes: GameType[] = [];
let following: AbortController | undefined;

function status(text: string): void {
  $("connection").textContent = text;
}

function requestId(): string {
  // crypto.randomUUID needs a secure context; a LAN address over http is not one.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function loadGameTypes(): Promise<void> {
  gameTypes = (await client.listGameTypes({})).gameTypes;
  const select = $<HTMLSelectElement>("game-type");
  select.replaceChildren(...gameTypes.map((t) => new Option(`${t.title} (${t.name})`, t.name)));
  select.onchange = showOptions;
  showOptions();
}

function showOptions(): void {
  const type = gameTypes.find((t) => t.name === $<HTMLSelectElement>("game-type").value)!;
  const players = $<HTMLInputElement>("players");
  players.min = String(type.minPlayers);
  players.max = String(type.maxPlayers);
  players.value = String(Math.max(type.minPlayers, Math.min(2, type.maxPlayers)));
  $("options").replaceChildren(
    ...type.options.map((option) => {
      const label = document.createElement("label");
      label.title = option.description;
      const select = document.createElement("select");
      select.name = option.name;
      const chosen = (v: string) => new Option(v, v, v === option.defaultValue, v === option.defaultValue);
      select.append(...option.allowedValues.map(chosen));
      label.append(`${option.name} `, select);
      return label;
    }),
  );
}

async function createGame(event: Event): Promise<void> {
  event.preventDefault();
  const players = Number($<HTMLInputElement>("players").value);
  const level = $<HTMLSelectElement>("bot-level").value;
  const options: Record<string, string> = {};
  for (const select of $("options").querySelectorAll("select")) options[select.name] = select.value;
  try {
    const created = await client.createGame({
      gameType: $<HTMLSelectElement>("game-type").value,
      players,
      displayName: $<HTMLInputElement>("name").value || "Player",
      options,
      bots: Array.from({ length: players - 1 }, (_, i) => ({ seat: i + 1, level })),
    });
    play({ gameId: created.game!.gameId, seat: created.seat, token: created.seatToken });
  } catch (error) {
    status(`could not create the game: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  const info = errorInfo(error);
  return info ? `${info.reason}: ${(error as Error).message}` : String(error);
}

function play(seat: Seat): void {
  current = seat;
  sessionStorage.setItem(`zythos:${seat.gameId}`, JSON.stringify(seat));
  window.location.hash = `game=${seat.gameId}`;
  $("log").replaceChildren();
  $("game").hidden = false;
  following?.abort();
  following = new AbortController();
  void follow(seat, following.signal);
  void refresh();
}

/** StreamEvents from the last event seen; after a dropped connection, resume where it stopped. */
async function follow(seat: Seat, signal: AbortSignal): Promise<void> {
  let after = "";
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      status("live");
      const stream = client.streamEvents({ gameId: seat.gameId, afterEventId: after }, asSeat(seat.token, { signal }));
      for await (const { event } of stream) {
        attempt = 0;
        after = event!.eventId;
        logEvent(event!);
        void refresh();
      }
      status("the game is over");
      return;
    } catch (error) {
      if (signal.aborted) return;
      status(`connection lost (${describe(error)}); resuming…`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 5000)));
    }
  }
}

function logEvent(event: GameEvent): void {
  const item = document.createElement("li");
  const who = event.seat >= 0 ? `seat ${event.seat}` : "game";
  item.textContent = `v${event.version} · ${who} · ${event.label || event.kind}`;
  item.style.borderLeftColor = event.seat >= 0 ? SEAT_COLOURS[event.seat % SEAT_COLOURS.length] : "transparent";
  const log = $("log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

// Events come in bursts (a move, then its dice): one refresh at a time, and one more after it.
let refreshing: Promise<void> | undefined;
let again = false;

async function refresh(): Promise<void> {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = reload().finally(() => (refreshing = undefined));
  await refreshing;
  if (again) {
    again = false;
    await refresh();
  }
}

async function reload(): Promise<void> {
  const seat = current!;
  const { view } = await client.getView({ gameId: seat.gameId }, asSeat(seat.token));
  const game = view!.game!;
  showGame(game, view!);
  const mine = game.status === GameStatus.ACTIVE && game.toAct.includes(seat.seat);
  const legal = mine ? await client.listLegalActions({ gameId: seat.gameId }, asSeat(seat.token)) : undefined;
  showActions(legal?.actions ?? [], legal?.version ?? game.version, game);
}

function showGame(game: Game, view: GameView): void {
  const finished = game.status === GameStatus.FINISHED || game.status === GameStatus.ABANDONED;
  const statusLine = $("status");
  statusLine.dataset.status = GameStatus[game.status];
  statusLine.textContent =
    `${game.gameType} · ${GameStatus[game.status]} · version ${game.version} · you are seat ${current!.seat}` +
    (finished ? ` · ${game.result || "game over"}` : game.waitingReason ? ` · ${game.waitingReason}` : "");
  $("seats").replaceChildren(
    ...game.seats.map((s) => {
      const item = document.createElement("li");
      const turn = game.toAct.includes(s.seat) ? " ◀ to act" : "";
      const score = game.scores.length ? ` · ${game.scores[s.seat]} points` : "";
      item.textContent = `seat ${s.seat}: ${s.displayName || (s.bot ? `bot (${s.botLevel})` : "open")}${score}${turn}`;
      item.style.borderLeftColor = SEAT_COLOURS[s.seat % SEAT_COLOURS.length];
      return item;
    }),
  );
  $("board").replaceChildren(...board(view, current!.seat));
  $("view-json").textContent = toJsonString(GameViewSchema, view, { prettySpaces: 1 });
}

/** What a game type shows beyond the seats and the log; a game without a case shows the JSON only. */
function board(view: GameView, seat: number): Element[] {
  switch (view.view.case) {
    case "tbbr": {
      const players = view.view.value.players;
      return [drawMap(players.map((p) => p.location), players[seat]?.visited ?? [], true)];
    }
    case "tbbrDice": {
      const { players, dice } = view.view.value;
      return [diceRow(dice), drawMap(players.map((p) => p.positionId), players[seat]?.visitedIds ?? [], false)];
    }
    case "tinyDice": {
      const { banked, target, turnPoints } = view.view.value;
      const scores = banked.map((b, s) => `seat ${s} ${b}`).join(", ");
      return [paragraph("sheet", `Banked: ${scores} · target ${target} · this turn ${turnPoints}`)];
    }
    default:
      return [];
  }
}

function diceRow(dice: TbbrDiceDie[]): HTMLElement {
  const row = paragraph("dice", "");
  for (const die of dice) {
    const face = document.createElement("span");
    face.className = `die ${TbbrDiceColour[die.colour].toLowerCase()} ${TbbrDiceDieStatus[die.status].toLowerCase()}`;
    face.textContent = die.status === TbbrDiceDieStatus.UNROLLED ? "·" : String(die.value);
    face.title = `${TbbrDiceColour[die.colour].toLowerCase()} die, ${TbbrDiceDieStatus[die.status].toLowerCase()}`;
    row.append(face);
  }
  return row;
}

function paragraph(className: string, text: string): HTMLElement {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

function showActions(actions: LegalAction[], version: bigint, game: Game): void {
  const waiting = game.status === GameStatus.ACTIVE ? "Waiting for the others…" : "";
  $("actions-title").textContent = actions.length ? "Your move" : waiting;
  $("actions").replaceChildren(
    ...actions.map((action) => {
      const button = document.createElement("button");
      button.className = "action";
      button.textContent = action.label || action.id;
      button.dataset.actionId = action.id;
      button.onclick = () => submit(action, version);
      return button;
    }),
  );
}

async function submit(action: LegalAction, version: bigint): Promise<void> {
  const seat = current!;
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
  try {
    // expected_version pins the position the choice was made on; request_id makes a retry safe.
    await client.submitAction(
      {
        gameId: seat.gameId,
        expectedVersion: version,
        requestId: requestId(),
        choice: { case: "actionId", value: action.id },
      },
      asSeat(seat.token),
    );
  } catch (error) {
    status(`not applied: ${describe(error)}`);
  }
  await refresh();
}

function resume(): void {
  const gameId = new URLSearchParams(window.location.hash.slice(1)).get("game");
  const saved = gameId ? sessionStorage.getItem(`zythos:${gameId}`) : null;
  if (saved) play(JSON.parse(saved) as Seat);
}

$("new-game").addEventListener("submit", (event) => void createGame(event));
loadGameTypes().then(resume, (error) => status(`cannot reach the server: ${describe(error)}`));
