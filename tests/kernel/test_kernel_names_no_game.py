"""The kernel names no game (design: ENGINE.md, principle 2).

The kernel is every module at the top of a layer, outside its games' sub-packages. It may import
no game's package, and the only game names it may spell are those stored data pins: the event
store's table prefix (``DodgeCity``), the game-record format's old name, and the product's own command,
database file and environment variables, the API's title, realm and problem types, all named
after the project.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from domain.registry import installed_rulesets
from projections.plugin import installed_read_models

ROOT = Path(__file__).parents[2]

#: The kernel's modules, layer by layer: each layer's top, and its generic sub-packages.
KERNEL = {
    "domain": ["*.py", "aggregates/*.py", "events/base.py", "events/__init__.py"],
    "engine": ["*.py"],
    "projections": ["*.py"],
    "api": ["*.py", "routes/*.py", "http/*.py", "document/*.py", "streams/*.py"],
}

#: Names after the project, or pinned by stored data, that a kernel module may spell.
ALLOWED = [
    r'name = "DodgeCity"',  # the event store's tables are named after the application
    r"GameService",  # the application class (renamed in a later step)
    r"dodgecity-game-record",  # the game-record format before version 3: old exported files name it
    r"DODGECITY_\w+",  # the product's environment variables
    r"dodgecity\.db",  # the product's default database file
    r"``dodgecity [a-z]+``|`dodgecity [a-z]+`|dodgecity (serve|simulate|bot|verify|export|import)",
    r"Dodge City Engine",  # the product's name, the title of its API
    r'"dodgecity-engine"',  # the package's name, whose version is the API document's
    r'realm="dodgecity"',  # the API's authentication realm, which clients may check
    r"https://dodgecity\.invalid/",  # the problem types' base: clients match on them
    # PostgreSQL's trigger, function and channels announcing stored events, named like the event
    # store's tables (a database keeps them between versions)
    r"dodgecity_(notify_stored|stored_)",
    r'PREFIX = "dodgecity_"',  # the metrics' names, which dashboards and alerts spell
    r"dodgecity\.access",  # the access log's logger, which log pipelines filter on
    r'b"dodgecity stream tickets"',  # the tickets' key derivation: changing it voids them
]


def _kernel_modules() -> list[Path]:
    return sorted(path for layer, patterns in KERNEL.items() for pattern in patterns for path in (ROOT / layer).glob(pattern))


def _games() -> set[str]:
    """Every game's name: the installed rulesets', those with read models, and the next game's.

    Read from the entry points, not from the process's registry, which a test of the kernel may
    have given its toy game (a name the kernel may spell: the toy ruleset is its own test game)."""
    installed = {rules.name for rules in installed_rulesets()}
    return {*installed, *(own.ruleset for own in installed_read_models()), "bang", "dogeatdog"}


def _game_imports(path: Path, games: set[str]) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            if called in {"import_module", "__import__"}:
                names = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        found.extend(name for name in names if games & set(name.split(".")))
    return found


def test_given_the_kernel_then_it_imports_no_game() -> None:
    modules = _kernel_modules()
    assert len(modules) > 15, "the kernel's modules were found"
    games = _games()
    assert games, "at least one game is registered"
    assert {str(p.relative_to(ROOT)): _game_imports(p, games) for p in modules} == {str(p.relative_to(ROOT)): [] for p in modules}


@pytest.mark.parametrize("path", _kernel_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_given_a_kernel_module_then_it_spells_no_game_name_but_pinned_ones(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for allowed in ALLOWED:
        text = re.sub(allowed, "", text)
    words = _games() | {"dodge"}
    assert [w for w in words if re.search(w, text, re.IGNORECASE)] == []


def test_given_an_import_of_a_game_then_it_is_found(tmp_path: Path) -> None:
    module = tmp_path / "kernel.py"
    module.write_text(
        "import engine.players\n"
        "from domain.dodgecity.state import GameState\n"
        "def late():\n"
        "    from projections.dodgecity import READ_MODELS\n"
        "    importlib.import_module('domain.events.dodgecity')\n"
    )
    assert _game_imports(module, {"dodgecity"}) == [
        "domain.dodgecity.state",
        "domain.dodgecity.state.GameState",
        "projections.dodgecity",
        "projections.dodgecity.READ_MODELS",
        "domain.events.dodgecity",
    ]
