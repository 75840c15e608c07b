"""The committed OpenAPI documents pass Spectral's OpenAPI rules (``tools/spectral/.spectral.yaml``)
with no error and no warning, and the printable-name pattern means to JavaScript what it means to
the server.

Spectral comes from npm at the version ``tools/spectral/package-lock.json`` pins, installed by
``npm ci`` into ``tools/spectral/node_modules`` (once: again only when the lock file changes).
Without npm the test fails in CI (``CI`` set) and is skipped elsewhere, saying why."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from api.http.names import NAME_PATTERN, check_name
from litestar.exceptions import ValidationException

from tests.npm_tools import installed_from_lock, node_tool

ROOT = Path(__file__).parents[2]
TOOLS = ROOT / "tools" / "spectral"
DOCUMENTS = [ROOT / "openapi" / "openapi.json", *sorted((ROOT / "openapi" / "rulesets").glob("*.json"))]
ERROR, WARNING = 0, 1


def _tool(name: str) -> str:
    return node_tool(name, "lints the OpenAPI documents with Spectral (npm)")


@pytest.fixture(scope="module")
def spectral() -> Path:
    return installed_from_lock(TOOLS, "lints the OpenAPI documents with Spectral (npm)") / ".bin" / "spectral"


def test_given_the_committed_documents_when_spectral_lints_them_then_there_is_no_error_and_no_warning(
    spectral: Path,
) -> None:
    linted = subprocess.run(
        [str(spectral), "lint", "--ruleset", str(TOOLS / ".spectral.yaml"), "--format", "json", "--quiet"]
        + [str(document) for document in DOCUMENTS],
        check=False,
        cwd=TOOLS,
        capture_output=True,
        text=True,
    )
    assert linted.stdout.strip().startswith("["), linted.stderr
    findings = [
        f"{Path(item['source']).name} {'.'.join(map(str, item['path']))}: {item['code']}: {item['message']}"
        for item in json.loads(linted.stdout)
        if item["severity"] in {ERROR, WARNING}
    ]
    assert findings == []


# Names the server refuses and welcomes, beyond the Basic Multilingual Plane included (where
# JavaScript without the `u` flag sees two surrogates).
NAMES = [
    "Zoë",
    "李小龍",
    "😀 Lucky",
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "\U000f0000",
    "a\U000e0041",
    "nul\x00",
    "two\nlines",
    "bob\n",
    "evil\u202ename",
    "private\ue000",
    " bob",
    "bob ",
    "\u3000",
    "x\ufeff",
]


def _server_accepts(name: str) -> bool:
    try:
        check_name(name, "$.name")
    except ValidationException:
        return False
    return True


@pytest.mark.parametrize("unicode_flag", ["", "u"])
def test_given_the_name_pattern_when_javascript_reads_it_then_it_accepts_exactly_the_names_the_server_accepts(
    unicode_flag: str,
) -> None:
    node = _tool("node")
    script = (
        "const [pattern, flags, names] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const rule = new RegExp(pattern, flags);"
        "process.stdout.write(JSON.stringify(names.map((name) => rule.test(name))));"
    )
    answered = subprocess.run(
        [node, "-e", script],
        check=False,
        input=json.dumps([NAME_PATTERN, unicode_flag, NAMES]),
        capture_output=True,
        text=True,
    )
    assert answered.returncode == 0, answered.stderr
    assert dict(zip(NAMES, json.loads(answered.stdout), strict=True)) == {name: _server_accepts(name) for name in NAMES}
