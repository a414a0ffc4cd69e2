/**
 * The walk-through of docs/CLIENTS.md ("TypeScript (browser)"), whole: create a game with a bot,
 * list the legal actions, submit with expected_version and request_id, follow the event stream,
 * and resume it after a disconnect. tests/web/test_ts_walkthrough.py runs it in Node against a
 * live server: `ZYTHOS_WEB=http://localhost:8080 node walkthrough.js`.
 */
import { asSeat, createGameClient, errorInfo, type GameEvent, GameStatus } from "@zythos/client";

declare const process: { env: Record<string, string | undefined> };

const client = createGameClient(process.env.ZYTHOS_WEB ?? "http://localhost:8080");

// 1. Create a game with a bot in seat 1. We get seat 0 and its token, once: keep it.
const created = await client.createGame({
  gameType: "tiny_dice",
  players: 2,
  displayName: "Ann",
  bots: [{ seat: 1, level: "easy" }],
});
const gameId = created.game!.gameId;
const me = asSeat(created.seatToken); // every call for our seat sends `authorization: Bearer <token>`

// 2. Follow the game: StreamEvents sends the log from after `afterEventId`, then each event live.
const seen: GameEvent[] = [];
let heard: () => void = () => {};

async function follow(afterEventId: string, signal: AbortSignal): Promise<void> {
  for await (const { event } of client.streamEvents({ gameId, afterEventId }, asSeat(created.seatToken, { signal }))) {
    seen.push(event!);
    heard();
  }
}

function nextEvent(): Promise<void> {
  return new Promise((resolve) => (heard = resolve));
}

// 3. A disconnect: the first stream drops after the first events; the second resumes after the
// last event it saw, so no event is lost or repeated.
const first = new AbortController();
const dropped = follow("", first.signal).catch(() => undefined);
while (seen.length < 3) await nextEvent();
first.abort();
await dropped;
const resumed = follow(seen[seen.length - 1].eventId, new AbortController().signal);

// 4. Play: when our seat is to act, list the legal actions and submit one by its id, pinned to
// the version we decided on (expected_version) and with a fresh request_id (a retry of the same
// request is applied once).
for (;;) {
  const { view } = await client.getView({ gameId }, me);
  const game = view!.game!;
  if (game.status !== GameStatus.ACTIVE) break;
  if (!game.toAct.includes(created.seat)) {
    await nextEvent(); // the bot's move arrives on the stream
    continue;
  }
  const legal = await client.listLegalActions({ gameId }, me);
  const choice = legal.actions[seen.length % legal.actions.length];
  try {
    await client.submitAction(
      {
        gameId,
        expectedVersion: legal.version,
        requestId: crypto.randomUUID(),
        choice: { case: "actionId", value: choice.id },
      },
      me,
    );
  } catch (error) {
    // The game moved since we listed (STALE_VERSION): look again. Anything else is a real failure.
    if (errorInfo(error)?.reason !== "STALE_VERSION") throw error;
  }
}

// 5. The stream ends by itself once the game is over.
await resumed;
const ids = seen.map((e) => e.eventId);
if (new Set(ids).size !== ids.length) throw new Error("an event came twice after the resume");
const { game } = await client.getGame({ gameId });
console.log(`game over: ${game!.result} (${seen.length} events, version ${game!.version})`);
