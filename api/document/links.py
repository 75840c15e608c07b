"""OpenAPI links: how one answer feeds the next request (create → join or seat a bot → start →
act).

They document the flow for people and let schemathesis's stateful tests walk it: the game id,
the host token and a seat token go from the answer that gives them to the requests that need
them, and an action listed by ``GET …/actions`` goes straight back to ``POST …/actions``.

A link cannot carry a token: OpenAPI 3.1 ignores an ``Authorization`` header parameter, and a
tool that honours that takes a link's token for one it made up (schemathesis then reports that a
made-up token was accepted). So each link says in words which token to send: the host token or
the seat token of the answer it starts from, or the same seat token as the request before.
"""

from __future__ import annotations

from typing import Any

GAME_ID = "$response.body#/game_id"

#: (from path, method, status) → [(link name, to path, method, parameters, request body)]
_LINKS: dict[tuple[str, str, str], list[tuple[str, str, str, dict[str, str], str | None]]] = {
    ("/games", "post", "201"): [
        ("JoinIt", "/games/{game_id}/players", "post", {"path.game_id": GAME_ID}, None),
        (
            "StartItAsHost",
            "/games/{game_id}/start",
            "post",
            {"path.game_id": GAME_ID},
            None,
        ),
        (
            "SeatABotAsHost",
            "/games/{game_id}/bots",
            "post",
            {"path.game_id": GAME_ID},
            None,
        ),
        ("WatchIt", "/games/{game_id}", "get", {"path.game_id": GAME_ID}, None),
    ],
    ("/games/{game_id}/players", "post", "201"): [
        ("JoinTheSameGame", "/games/{game_id}/players", "post", {"path.game_id": GAME_ID}, None),
        (
            "SeeItAsThisSeat",
            "/games/{game_id}",
            "get",
            {"path.game_id": GAME_ID},
            None,
        ),
        (
            "ListThisSeatsActions",
            "/games/{game_id}/actions",
            "get",
            {"path.game_id": GAME_ID},
            None,
        ),
    ],
    ("/games/{game_id}/actions", "get", "200"): [
        (
            "PerformTheFirstAction",
            "/games/{game_id}/actions",
            "post",
            {"path.game_id": GAME_ID},
            "$response.body#/actions/0",
        ),
    ],
    ("/games/{game_id}/actions", "post", "200"): [
        ("ListTheNextActions", "/games/{game_id}/actions", "get", {"path.game_id": GAME_ID}, None),
        ("ReadItsEvents", "/games/{game_id}/events", "get", {"path.game_id": GAME_ID}, None),
    ],
}


def add_links(document: dict[str, Any]) -> None:
    paths = document["paths"]
    for (path, method, status), links in _LINKS.items():
        response = paths[path][method]["responses"][status]
        response["links"] = {
            name: {
                "description": _describe(name, to_path, to_method),
                "operationId": paths[to_path][to_method]["operationId"],
                "parameters": dict(parameters),
                **({"requestBody": body} if body is not None else {}),
            }
            for name, to_path, to_method, parameters, body in links
        }


#: The token each link's request needs, in words (a link cannot carry it: see above).
_TOKENS = {
    "StartItAsHost": "the host token of this answer (`host_token`)",
    "SeatABotAsHost": "the host token of this answer (`host_token`)",
    "SeeItAsThisSeat": "the seat token of this answer (`token`)",
    "ListThisSeatsActions": "the seat token of this answer (`token`)",
}


def _describe(name: str, to_path: str, to_method: str) -> str:
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    text = f"{words[0].upper()}{words[1:]}: {to_method.upper()} {to_path}"
    if name in _TOKENS:
        text += f", with {_TOKENS[name]} as `Authorization: Bearer <token>`"
    elif to_path.endswith("/actions"):
        text += ", with the same seat token"
    return text
