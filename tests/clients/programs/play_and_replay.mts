/**
 * Play a game of Dodge City to its end with openapi-fetch, typed by the paths openapi-typescript
 * generates from `openapi/rulesets/dodgecity.json`, then replay it as a spectator, with no token.
 *
 * What a developer adopting the API writes: tests/clients/test_generated_clients.py generates the
 * types as `dodgecity-api.d.ts` beside it, checks this program with `tsc --strict`, and runs the
 * compiled program with node against a real server. Usage: `node play_and_replay.mjs BASE_URL`;
 * the last line printed is a JSON summary of what the spectator read.
 */
import createClient from "openapi-fetch";
import type { paths } from "./dodgecity-api.js";

/** A bound on the seat's requests, so that a game that never ends fails instead of hanging. */
const MAX_REQUESTS = 20_000;
/** How long the seat waits (ms) before asking again while the server's bot plays. */
const BOT_PAUSE = 10;

/** An answer's body; a problem (or no body) ends the program. */
function expect<T>(what: string, answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** Create a two-seat game with one pass, take a seat, seat a random bot in the other, start and
 * play legal actions until the game has ended; answer its id. */
async function play(baseUrl: string): Promise<string> {
  const anyone = createClient<paths>({ baseUrl });
  const created = expect(
    "create",
    await anyone.POST("/games", {
      body: { players: 2, seed: "generated-typescript-client", settings: { max_passes: 1 } },
    }),
  );
  const game = { params: { path: { game_id: created.game_id } } };
  const host = createClient<paths>({ baseUrl, headers: bearer(created.host_token) });
  const taken = expect(
    "join",
    await anyone.POST("/games/{game_id}/players", { ...game, body: { name: "Ada" } }),
  );
  const seat = createClient<paths>({ baseUrl, headers: bearer(taken.token) });
  expect("bot", await host.POST("/games/{game_id}/bots", { ...game, body: { kind: "random" } }));
  expect("start", await host.POST("/games/{game_id}/start", game));

  for (let request = 0; request < MAX_REQUESTS; request += 1) {
    const legal = expect("actions", await seat.GET("/games/{game_id}/actions", game));
    // ready to send, the version filled in; a choice that moves with the game
    const chosen = legal.actions[(legal.version * 7919) % Math.max(legal.actions.length, 1)];
    if (chosen !== undefined) {
      expect("act", await seat.POST("/games/{game_id}/actions", { ...game, body: chosen }));
      continue;
    }
    const view = expect("game", await seat.GET("/games/{game_id}", game));
    if (view.status === "ended") {
      return created.game_id;
    }
    await new Promise((resume) => setTimeout(resume, BOT_PAUSE));
  }
  throw new Error(`the game had not ended after ${MAX_REQUESTS} requests`);
}

/** Read the ended game back as a spectator: its events page by page, the game after each of
 * them, their narration, its record and its stream; check they agree and count them. */
async function replay(baseUrl: string, gameId: string): Promise<Record<string, unknown>> {
  const spectator = createClient<paths>({ baseUrl }); // no token: what anyone may read
  const game = { params: { path: { game_id: gameId } } };
  const final = expect("final game", await spectator.GET("/games/{game_id}", game));
  const versions: number[] = [];
  let after = 0;
  for (;;) {
    const page = expect(
      "events",
      await spectator.GET("/games/{game_id}/events", {
        params: { path: { game_id: gameId }, query: { after } },
      }),
    );
    versions.push(...page.events.map((event) => event.originator_version));
    if (page.next_after === null) {
      break;
    }
    after = page.next_after;
  }
  if (versions.join() !== Array.from({ length: final.version }, (_, at) => at + 1).join()) {
    throw new Error(`the events run ${versions.slice(0, 3).join()}…, not 1 to ${final.version}`);
  }
  for (let version = 0; version <= final.version; version += 1) {
    const state = expect(
      "state",
      await spectator.GET("/games/{game_id}/states/{version}", {
        params: { path: { game_id: gameId, version } },
      }),
    );
    if (state.version !== version) {
      throw new Error(`the state after event ${version} says version ${state.version}`);
    }
  }
  let told = 0;
  after = 0;
  for (;;) {
    const lines = expect(
      "narration",
      await spectator.GET("/games/{game_id}/narration", {
        params: { path: { game_id: gameId }, query: { after } },
      }),
    );
    told += lines.entries.length;
    if (lines.next_after === null) {
      break;
    }
    after = lines.next_after;
  }
  const record = expect("record", await spectator.GET("/games/{game_id}/record", game));
  if (!("format_version" in record)) {
    throw new Error(`an ended game's record is complete, not ${record.format}`);
  }
  const streamed = expect(
    "stream",
    await spectator.GET("/games/{game_id}/stream", { ...game, parseAs: "text" }),
  );
  return {
    game_id: gameId,
    status: final.status,
    version: final.version,
    events: versions.length,
    states: final.version + 1,
    narration: told,
    record_events: record.events.length,
    streamed: streamed.split(/\r\n|\r|\n/).filter((line) => line.startsWith("id:")).length,
  };
}

async function main(): Promise<void> {
  const [baseUrl] = process.argv.slice(2);
  if (baseUrl === undefined) {
    throw new Error("usage: node play_and_replay.mjs BASE_URL");
  }
  console.log(JSON.stringify(await replay(baseUrl, await play(baseUrl))));
}

await main();
