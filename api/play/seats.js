// Tokens are shown once by the server, so the page keeps them in localStorage, one entry per
// game: a reload, or the game's link opened later in the same browser, resumes the seat. An entry
// is {host?, token?, seat?, name?, ruleset?, saved}; entries older than the shell have no ruleset.

// Named after the project, from when it played one game; browsers hold seats under it, so it stays.
const PREFIX = "dodgecity.game.";

export function remembered(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

export function remember(gameId, changes) {
  const entry = { ...remembered(gameId), ...changes, saved: Date.now() };
  try {
    localStorage.setItem(PREFIX + gameId, JSON.stringify(entry));
  } catch {
    // Storage full or disabled (private mode): the seat still works until the page closes.
  }
  return entry;
}

export function forget(gameId) {
  localStorage.removeItem(PREFIX + gameId);
}

// The games this browser holds a seat or a host token for, newest first.
export function rememberedGames() {
  const games = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const gameId = key.slice(PREFIX.length);
    games.push({ gameId, ...remembered(gameId) });
  }
  return games.sort((a, b) => (b.saved ?? 0) - (a.saved ?? 0));
}
