"""OpenAPI links: how one answer feeds the next request (create → join or seat a bot → start →
act).

They document the flow for people and let schemathesis's stateful tests walk it: the game id,
the host token and a seat token go from the answer that gives them to the requests that need
them, and an action listed by ``GET …/actions`` goes straight back to ``POST …/actions``.

A link cannot carry the token of the request before it (OpenAPI does not treat Authorization as
a parameter), so the links from and to the actions say in words that the same seat token goes on.
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
            {
                "path.game_id": GAME_ID,
                "header.Authorization": "Bearer {$response.body#/host_token}",
            },
            None,
        ),
        (
            "SeatABotAsHost",
            "/games/{game_id}/bots",
            "post",
            {
                "path.game_id": GAME_ID,
                "header.Authorization": "Bearer {$response.body#/host_token}",
            },
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
            {"path.game_id": GAME_ID, "header.Authorization": "Bearer {$response.body#/token}"},
            None,
        ),
        (
            "ListThisSeatsActions",
            "/games/{game_id}/actions",
            "get",
            {"path.game_id": GAME_ID, "header.Authorization": "Bearer {$response.body#/token}"},
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


def _describe(name: str, to_path: str, to_method: str) -> str:
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    text = f"{words[0].upper()}{words[1:]}: {to_method.upper()} {to_path}"
    if to_path.endswith("/actions"):
        text += ", with the same seat token"
    return text
