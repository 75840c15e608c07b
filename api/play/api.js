// The REST API as the page uses it: same origin only, JSON in and out, and every failure turned
// into one Problem carrying the RFC 9457 fields the server sends (title, detail, rule …).

export class Problem extends Error {
  constructor(status, body) {
    const title = body?.title ?? "Request failed";
    super(body?.detail ? `${title}: ${body.detail}` : title);
    this.status = status;
    this.type = body?.type ?? "about:blank";
    this.title = title;
    this.detail = body?.detail ?? "";
    this.rule = body?.rule ?? null;
    this.currentVersion = body?.current_version ?? null;
    this.invalidParams = body?.invalid_params ?? [];
  }

  get isVersionConflict() {
    return this.type.endsWith("/version-conflict");
  }
}

// A key for Idempotency-Key: randomUUID exists only in secure contexts, and a page served over
// plain HTTP from another host than localhost is not one.
export function uniqueKey() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function call(method, path, { token = null, body, headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, cache: "no-store" };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new Problem(0, { title: "No connection", detail: "the server could not be reached" });
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { title: response.statusText, detail: text.slice(0, 200) };
    }
  }
  if (!response.ok) throw new Problem(response.status, data ?? { title: response.statusText });
  return data;
}

const game = (id) => `/games/${encodeURIComponent(id)}`;

export const api = {
  rulesets: () => call("GET", "/rulesets"),
  // A ruleset's printed material (boards, cards, texts): what its module needs to draw a game.
  material: (ruleset) => call("GET", `/rulesets/${encodeURIComponent(ruleset)}`),
  listGames: (status, limit = 20) =>
    call("GET", `/games?status=${encodeURIComponent(status)}&limit=${limit}`),
  createGame: (body) =>
    call("POST", "/games", { body, headers: { "Idempotency-Key": uniqueKey() } }),
  join: (id, body) => call("POST", `${game(id)}/players`, { body }),
  addBot: (id, hostToken, body) => call("POST", `${game(id)}/bots`, { token: hostToken, body }),
  start: (id, hostToken) => call("POST", `${game(id)}/start`, { token: hostToken }),
  view: (id, token) => call("GET", game(id), { token }),
  // The listed action goes back exactly as the server gave it (it holds expected_version).
  act: (id, token, request) =>
    call("POST", `${game(id)}/actions`, {
      token,
      body: request,
      headers: { "Idempotency-Key": uniqueKey() },
    }),
  // The clock: any seat claims a seat's timeout once its deadline has passed; the host hands a
  // timed-out seat to the computer player; the seat's own token takes it back.
  claimTimeout: (id, token, seat) => call("POST", `${game(id)}/timeouts`, { token, body: { seat } }),
  handOver: (id, hostToken, seat) => call("POST", `${game(id)}/seats/${seat}/stand-in`, { token: hostToken }),
  takeBack: (id, token, seat) => call("DELETE", `${game(id)}/seats/${seat}/stand-in`, { token }),
  // The game's events after ``after`` as the token may see them, oldest first.
  events: (id, token, after, limit = 200) =>
    call("GET", `${game(id)}/events?after=${after}&limit=${limit}`, { token }),
  narration: (id, token, after, limit = 200) =>
    call("GET", `${game(id)}/narration?after=${after}&limit=${limit}`, { token }),
  state: (id, token, version, asPlayed) =>
    call("GET", `${game(id)}/states/${version}${asPlayed ? "?as_played=true" : ""}`, { token }),
  scores: (id) => call("GET", `${game(id)}/scores`),
  // The live stream's address. EventSource cannot send the Authorization header, and a token
  // must not travel in a URL (logs, history): with a seat's token, a short-lived, single-use
  // ticket is asked for first, so the stream shows that seat's own view; without, a spectator's.
  streamUrl: async (id, token, after) => {
    const url = `${game(id)}/stream?after=${after}`;
    if (!token) return url;
    const { ticket } = await call("POST", `${game(id)}/stream-tickets`, { token });
    return `${url}&ticket=${encodeURIComponent(ticket)}`;
  },
};
