"""The reference web frontend: ``GET /play`` and its files under ``/play/…``.

The page is plain HTML, CSS and JavaScript modules (no build step) that use the public REST API
alone, so it shows nothing a client of the API could not see with the same token. Its files ship
inside the package (``api/play``) and are read with importlib.resources, so the server finds them
wherever it is installed and whatever its working directory.

``api/play`` holds the shell (lobby, seats, the API client), which names no game; each game's
drawing and words live in a folder named after its ruleset (``api/play/<ruleset>/game.js``),
which the shell imports when it shows a game of that ruleset. ``api/play/README.md`` describes
what such a module exports.

None of these routes is part of the API, so none appears in the OpenAPI document.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from litestar import Request, Response, get
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath
from litestar.status_codes import HTTP_304_NOT_MODIFIED

PAGE = "index.html"
#: litestar adds "; charset=utf-8" to every text/* type itself.
CONTENT_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}
#: The page may load and call nothing but this server: no inline code, no other origin.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidated on every load (a cheap 304), so a new server version is never mixed with
    # modules cached from an old one.
    "Cache-Control": "no-cache",
}


@dataclass(frozen=True)
class _Asset:
    body: bytes
    content_type: str
    etag: str

    def answer(self, request: Request[Any, Any, Any]) -> Response[bytes]:
        headers = {**COMMON_HEADERS, "ETag": self.etag}
        if self.content_type.startswith("text/html"):
            headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        if request.headers.get("if-none-match") == self.etag:
            return Response(b"", status_code=HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(self.body, media_type=self.content_type, headers=headers)


def _assets() -> dict[str, _Asset]:
    """Every servable file of ``api/play`` and its folders, by its name relative to ``api/play``
    (``play.js``, ``<ruleset>/game.js``), read once: they change only with a release."""
    found: dict[str, _Asset] = {}
    for name, entry in _files(resources.files("api").joinpath("play"), ""):
        suffix = name[name.rfind(".") :] if "." in entry.name else ""
        if suffix not in CONTENT_TYPES:
            continue
        body = entry.read_bytes()
        digest = hashlib.sha256(body).hexdigest()[:16]
        found[name] = _Asset(body, CONTENT_TYPES[suffix], f'"{digest}"')
    if PAGE not in found:
        raise RuntimeError("the frontend's files are missing from the api package: reinstall it")
    return found


def _files(folder: Traversable, prefix: str) -> list[tuple[str, Traversable]]:
    """The files under ``folder``, each with its name below it, ``/`` between folders."""
    files: list[tuple[str, Traversable]] = []
    for entry in folder.iterdir():
        if entry.is_dir():
            files.extend(_files(entry, f"{prefix}{entry.name}/"))
        elif entry.is_file():
            files.append((f"{prefix}{entry.name}", entry))
    return files


def play_routes() -> list[HTTPRouteHandler]:
    assets = _assets()

    @get("/play", include_in_schema=False)
    async def page(request: Request[Any, Any, Any]) -> Response[bytes]:
        return assets[PAGE].answer(request)

    @get("/play/{name:path}", include_in_schema=False)
    async def asset(name: FromPath[str], request: Request[Any, Any, Any]) -> Response[bytes]:
        # Only the files listed at startup: a name is a key here, never a path on disk, so no
        # spelling of ".." or of an absolute path can reach another file.
        found = assets.get(name.removeprefix("/"))
        if found is None:
            raise NotFoundException(detail=f"the frontend has no file {name!r}")
        return found.answer(request)

    return [page, asset]
