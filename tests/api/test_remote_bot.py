"""``dodgecity bot``: bots playing whole games against a real server through the public REST API
only, each seat its own process, as a third-party program would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.api.http_players import all_events, client_for, open_game, view_of
from tests.api.servers import run_cli, serving

GAME_SECONDS = 300  # a two-player game takes a few seconds; this only stops a hung bot


def _bot(url: str, game_id: str, token: str, kind: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "bot", "--url", url, "--game", game_id, "--kind", kind, "--seed", kind, "--quiet"],
        env={**os.environ, "DODGECITY_TOKEN": token},  # the token stays out of the command line
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_given_two_bot_processes_with_seat_tokens_then_they_play_the_game_to_its_end_over_http(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bots.db'}"
    with serving(url) as server, client_for(server.url) as client:
        game = open_game(client, 2, "remote bots")
        bots = [_bot(server.url, game.game_id, token, kind) for token, kind in zip(game.tokens, ("heuristic", "random"), strict=True)]
        outputs = [bot.communicate(timeout=GAME_SECONDS) for bot in bots]
        for bot, (out, err) in zip(bots, outputs, strict=True):
            assert bot.returncode == 0, err
            assert f"game {game.game_id} ended" in out
        final = view_of(client, game.game_id)
        assert final["status"] == "ended"
        events = all_events(client, game.game_id)
        # Each bot acted as its own seat: every action after the start came from the two seats.
        played = [e for e in events if e["type"] in {"StartCardCommitted", "CardPlayed"}]
        assert {e["seat"] for e in played} == {0, 1}
        winners = [seat for seat in range(2) if f"seat {seat} took" in outputs[seat][0] and " won " in outputs[seat][0]]
        assert sorted(winners) == sorted(final["winners"])
    verified = run_cli("verify", "--all", "--db", url)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_given_a_wrong_token_or_no_server_then_the_bot_says_why_and_exits_1(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'refused.db'}"
    with serving(url) as server, client_for(server.url) as client:
        game = open_game(client, 2, "refused bot")
        refused = run_cli("bot", "--url", server.url, "--game", game.game_id, "--token", "not-a-token", "--kind", "random")
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert "401" in refused.stderr, refused.stderr
        assert view_of(client, game.game_id)["version"] == game.start_version, "a refused bot changed nothing"
    gone = run_cli("bot", "--url", server.url, "--game", game.game_id, "--token", game.tokens[0], "--kind", "random")
    assert gone.returncode == 1, gone.stdout + gone.stderr
    assert "cannot reach" in gone.stderr, gone.stderr
    no_token = run_cli("bot", "--url", server.url, "--game", game.game_id)
    assert no_token.returncode == 1, no_token.stdout + no_token.stderr
    assert "token" in no_token.stderr, no_token.stderr
