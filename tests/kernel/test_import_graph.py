"""The layers' dependencies point one way (design: ENGINE.md, "Dependencies point one way").

``domain`` imports nothing of ours outside ``domain``; ``projections`` imports ``domain``;
``engine`` imports both; ``api`` imports ``engine``; the composition roots in ``entrypoints``
import everything, and nothing imports ``api`` or ``entrypoints``. Read from the source with
``ast``, so an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

#: What each layer may import of ours.
ALLOWED: dict[str, set[str]] = {
    "domain": {"domain"},
    "projections": {"domain", "projections"},
    "engine": {"domain", "projections", "engine"},
    "api": {"domain", "projections", "engine", "api"},
    "entrypoints": {"domain", "projections", "engine", "api", "entrypoints"},
}
OURS = {*ALLOWED, "tests", "benchmarks"}


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module of ours that ``path`` imports, with its line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found.extend((node.lineno, name) for name in names if name.split(".")[0] in OURS)
    return found


def _modules(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


def _violations(layer: str) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _modules(layer)
        for line, name in _imports(path)
        if name.split(".")[0] not in ALLOWED[layer]
    ]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_given_a_layer_then_it_imports_only_the_layers_beneath_it(layer: str) -> None:
    assert _modules(layer), f"no modules found in {layer}/"
    assert _violations(layer) == []


def test_given_the_import_check_when_a_layer_imports_upwards_then_it_is_found(
    tmp_path: Path,
) -> None:
    upward = tmp_path / "upward.py"
    upward.write_text("def f():\n    from api.app import create_app\n    import engine.records\n")
    assert _imports(upward) == [(2, "api.app"), (3, "engine.records")]


#: The layers whose modules import one another in no circle, a type-only or lazy import included:
#: what two modules both need lives in a third.
WITHOUT_CIRCLES = ("engine", "api")


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _circle(paths: list[Path], root: Path = ROOT) -> list[str] | None:
    """One circle of imports among the modules at ``paths`` (under ``root``), or None."""
    names = {_module_name(path, root): path for path in paths}
    graph = {name: {imported for _, imported in _imports(path) if imported in names and imported != name} for name, path in names.items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        return list(error.args[1])
    return None


@pytest.mark.parametrize("layer", WITHOUT_CIRCLES)
def test_given_a_layer_then_its_modules_import_one_another_in_no_circle(layer: str) -> None:
    assert _circle(_modules(layer)) is None


def test_given_the_circle_check_when_two_modules_import_each_other_then_it_is_found(
    tmp_path: Path,
) -> None:
    (tmp_path / "api").mkdir()
    first, second, third = (tmp_path / "api" / f"{name}.py" for name in ("first", "second", "third"))
    first.write_text("from api.second import b\n")
    second.write_text("def f():\n    from api.first import a\n")  # lazily: it counts too
    third.write_text("from api.first import a\n")
    circle = _circle([first, second, third], tmp_path)
    assert circle is not None
    assert set(circle) == {"api.first", "api.second"}
    assert _circle([first, third], tmp_path) is None
