"""The kernel of ``projections/`` (every module at its top, outside the games' sub-packages) imports
no game and spells no game's name (design: ENGINE.md, principle 2): a game's read models reach it
only through the ``projections.read_models`` entry points."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from domain.registry import default_registry
from projections.plugin import installed_read_models

ROOT = Path(__file__).parents[2]
KERNEL = sorted((ROOT / "projections").glob("*.py"))


def games() -> set[str]:
    """Every game's name: the installed rulesets', those with read models, and the next game's."""
    return {*default_registry().names(), *(own.ruleset for own in installed_read_models()), "bang"}


def game_imports(path: Path, names: set[str]) -> list[str]:
    """Every module ``path`` imports, anywhere in it, that lies inside a game's package."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            if called in {"import_module", "__import__"}:
                modules = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        found.extend(module for module in modules if names & set(module.split(".")))
    return found


def test_given_the_kernel_of_projections_then_it_imports_no_game() -> None:
    assert len(KERNEL) >= 7, "the kernel's modules were found"
    names = games()
    assert "dodgecity" in names

    assert {path.name: game_imports(path, names) for path in KERNEL} == {path.name: [] for path in KERNEL}


def test_given_the_kernel_of_projections_then_it_spells_no_games_name() -> None:
    words = games() | {"dodge"}

    spelled = {path.name: [w for w in words if re.search(w, path.read_text(encoding="utf-8"), re.IGNORECASE)] for path in KERNEL}

    assert spelled == {path.name: [] for path in KERNEL}


def test_given_imports_of_a_game_then_each_is_found(tmp_path: Path) -> None:
    module = tmp_path / "kernel.py"
    module.write_text(
        "import projections.sql\n"
        "from domain.dodgecity.state import GameState\n"
        "def late():\n"
        "    from projections.dodgecity import READ_MODELS\n"
        "    importlib.import_module('domain.events.dodgecity')\n"
    )

    assert game_imports(module, {"dodgecity"}) == [
        "domain.dodgecity.state",
        "domain.dodgecity.state.GameState",
        "projections.dodgecity",
        "projections.dodgecity.READ_MODELS",
        "domain.events.dodgecity",
    ]
