"""An imported game holds no name a live join would refuse ([TABLE-NAME], docs/CLOCK.md): an
exported record whose seat's name is rewritten to hold an ESC sequence, a newline or a
right-to-left override, and sealed again so its hash chain holds, is refused by
``POST /games/records`` (422 naming the seat) and by ``dodgecity import`` (exit 1), and nothing is
stored; the honest record then imports under the same game id."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from engine.records import JoinCommand, decode_event, encode_event
from engine.transfer import export_record, read_record
from entrypoints.cli import main
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.http_players import problem_kind
from tests.storage.forged import resealed

Client = TestClient[Litestar]
GOLDEN = Path(__file__).parents[1] / "golden" / "bang" / "3p-simulated-random.json"
BAD_NAMES = ["\x1b[31mEvil\x1b[0m", "Ann\nBen", "\u202eRTL"]
#: The second seat's join, in the golden record's events.
SECOND_SEAT = 2


def _renamed(name: str) -> tuple[str, bytes]:
    """The golden record with its second seat named ``name`` in the join and its event, sealed
    again; and the game's id."""
    game_id, records = read_record(GOLDEN.read_bytes())
    joins = [index for index, record in enumerate(records) if isinstance(record.command, JoinCommand)]
    index = joins[SECOND_SEAT - 1]
    record = records[index]
    assert isinstance(record.command, JoinCommand)
    event = decode_event(record.type, record.payload)
    records[index] = msgspec.structs.replace(
        record,
        command=msgspec.structs.replace(record.command, name=name),
        payload=encode_event(msgspec.structs.replace(event, name=name)),
    )
    return str(game_id), export_record(game_id, resealed(records))


@pytest.fixture
def client() -> Iterator[Client]:
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings(game_limit=None))) as test_client:
        yield test_client
    games.close()


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize("name", BAD_NAMES, ids=["escape", "newline", "right-to-left"])
def test_given_a_resealed_record_with_a_seat_name_that_is_not_printable_when_posted_then_422_naming_the_seat_nothing_stored_and_the_honest_record_imports(
    name: str, client: Client
) -> None:
    game_id, data = _renamed(name)

    answer = client.post("/games/records", content=data, headers={"Content-Type": "application/json"})

    assert answer.status_code == 422, answer.text
    assert problem_kind(answer) == "record-rejected"
    assert f"seat {SECOND_SEAT}" in answer.json()["detail"]
    assert "TABLE-NAME" in answer.json()["detail"]
    assert client.get(f"/games/{game_id}").status_code == 404
    honest = client.post("/games/records", content=GOLDEN.read_bytes(), headers={"Content-Type": "application/json"})
    assert honest.status_code == 201, honest.text


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize("name", BAD_NAMES, ids=["escape", "newline", "right-to-left"])
def test_given_a_resealed_record_with_a_seat_name_that_is_not_printable_when_imported_by_the_cli_then_exit_1_and_nothing_stored(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, data = _renamed(name)
    record = tmp_path / "record.json"
    record.write_bytes(data)
    database = tmp_path / "games.db"

    assert main(["import", str(record), "--db", f"sqlite:///{database}"]) == 1

    said = capsys.readouterr().err
    assert f"seat {SECOND_SEAT}" in said
    assert "TABLE-NAME" in said
    assert not database.exists()
