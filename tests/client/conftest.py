"""One real server, and each committed document's generated client, for the whole session:
generating a client takes seconds, playing a game with it a fraction of that."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

from tests.api.servers import Server, serving
from tests.client.generated import DOCUMENTS, generate


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    # The whole server plays every installed game, so each document's games are served.
    with serving("memory://", "--game-limit", "off", "--bot-limit", "off") as served:
        yield served


@pytest.fixture(scope="session")
def generated_client(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], ModuleType]:
    """The client generated from a committed document (by its name in DOCUMENTS), made once."""
    into = tmp_path_factory.mktemp("generated-clients")
    made: dict[str, ModuleType] = {}

    def client_of(document: str) -> ModuleType:
        if document not in made:
            made[document] = generate(DOCUMENTS[document], into, f"generated_{document}_client")
        return made[document]

    return client_of
