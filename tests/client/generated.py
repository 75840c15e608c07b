"""Python clients generated from the committed OpenAPI documents with openapi-python-client, as a
developer would make one, and imported as packages."""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

REPOSITORY = Path(__file__).parents[2]
#: The committed documents: the whole server's, and each ruleset's alone.
DOCUMENTS = {
    "openapi": REPOSITORY / "openapi" / "openapi.json",
    **{path.stem: path for path in sorted((REPOSITORY / "openapi" / "rulesets").glob("*.json"))},
}
#: What openapi-python-client prints when all went well: anything else is a warning or an error.
CLEAN_OUTPUT = "Generating {path}"


class GenerationWarningError(AssertionError):
    """openapi-python-client printed something beyond "Generating …": a warning or an error."""


def generate(document: Path, into: Path, package: str) -> ModuleType:
    """Generate a client package named ``package`` from ``document`` under ``into``, import it
    and answer it; raise :class:`GenerationWarningError` on any warning."""
    output = into / package
    bin_dir = Path(sys.executable).parent
    done = subprocess.run(
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(document),
            "--output-path",
            str(output),
            "--meta",
            "none",  # the package alone: no pyproject.toml, nothing to install
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        # its post-hooks run ruff (check --fix, format): the venv's
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"},
    )
    printed = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    if done.returncode != 0 or printed != [CLEAN_OUTPUT.format(path=output)]:
        raise GenerationWarningError(f"openapi-python-client on {document.name} (exit {done.returncode}):\n" + "\n".join(printed))
    if str(into) not in sys.path:
        sys.path.insert(0, str(into))
    client = importlib.import_module(package)
    importlib.import_module(f"{package}.models")  # its models, as the client's ``models``
    return client


def operation(client: ModuleType, name: str) -> ModuleType:
    """The generated module of the operation whose id is ``name`` in snake case (``create_game``),
    whichever tag's folder it is in."""
    api = importlib.import_module(f"{client.__name__}.api")
    for tag in pkgutil.iter_modules(api.__path__):
        module = f"{api.__name__}.{tag.name}.{name}"
        if importlib.util.find_spec(module) is not None:
            return importlib.import_module(module)
    raise LookupError(f"no operation {name} in the client {client.__name__}")
