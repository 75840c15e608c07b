"""A real browser for the frontend's tests: Debian's Chromium, driven by Playwright, against a real
server (``dodgecity serve``).

Playwright's own browsers are never downloaded: the tests use ``/usr/bin/chromium`` (Debian's
``chromium`` package, which ``.ci/run`` installs). Without it they are skipped, unless
``DODGECITY_REQUIRE_BROWSER=1`` says they must run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser as Chromium
from playwright.sync_api import ConsoleMessage, Page, Request, ViewportSize, sync_playwright

from tests.api.servers import Server, serving
from tests.patience import PATIENCE

CHROMIUM = Path("/usr/bin/chromium")
REQUIRE_VARIABLE = "DODGECITY_REQUIRE_BROWSER"
#: The machine's network is closed: without the background-networking switches Chromium keeps
#: trying to reach its update and sync services.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = ViewportSize(width=1280, height=900)
#: Screenshots for people to look at; under the repository root, ignored by git.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module")
def chromium() -> Path:
    if not CHROMIUM.exists():
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            pytest.fail(f"{REQUIRE_VARIABLE}=1 but {CHROMIUM} is missing: install Debian's chromium package")
        pytest.skip(f"no browser: {CHROMIUM} is missing (install Debian's chromium package; .ci/run does)")
    return CHROMIUM


@pytest.fixture(scope="module")
def server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    database = tmp_path_factory.mktemp("browser") / "games.db"
    with serving(f"sqlite:///{database}") as running:
        yield running


@dataclass
class Browser:
    """One browser context of its own, and everything its pages asked for, threw or logged as an
    error."""

    page: Page
    server: Server
    requested: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, fragment: str = "") -> None:
        self.page.goto(f"{self.server.url}/play{fragment}")

    def outside_requests(self) -> list[str]:
        return [url for url in self.requested if not url.startswith(f"{self.server.url}/")]


@pytest.fixture(scope="module")
def launched(chromium: Path) -> Iterator[Chromium]:
    """One Chromium (and one Playwright driver) for the module's tests: starting both for every
    test was most of what a short browser test cost. Each test still gets a browser context of its
    own, which shares no cookies, storage or cache with any other."""
    with sync_playwright() as playwright:
        started = playwright.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
        try:
            yield started
        finally:
            started.close()


@pytest.fixture
def browser(launched: Chromium, server: Server) -> Iterator[Browser]:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = launched.new_context(viewport=DESKTOP)  # a fresh context: no tokens left by another test
    try:
        page = context.new_page()
        page.set_default_timeout(PATIENCE * 1000)  # every wait for the page, in milliseconds
        opened = Browser(page, server)

        def requested(request: Request) -> None:
            opened.requested.append(request.url)

        context.on("request", requested)

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":  # a script error, a refused load, a policy violation
                opened.errors.append(f"console: {message.text}")

        page.on("pageerror", lambda error: opened.errors.append(str(error)))
        page.on("console", console)
        yield opened
    finally:
        context.close()
