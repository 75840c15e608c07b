"""The documentation: docs/ builds as a site with MkDocs in strict mode, the README and
CONTRIBUTING.md link only to what exists, and the README stays a five-minute read whose first
screen has the two commands and, soon after, a first game in curl (issue 27).

The site is built in process, as ``mkdocs build --strict`` does it: the same configuration file,
the same strict flag, so a link to a missing page or heading, or a page left out of the nav, fails.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify  # type: ignore[import-untyped]  # no stubs in the dev tools
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

ROOT = Path(__file__).parents[1]
CONFIG = ROOT / "mkdocs.yml"
README = ROOT / "README.md"

#: A Markdown link or image: its target, up to a space (a title) or the closing parenthesis.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def build_site(site_dir: Path, docs_dir: Path | None = None) -> None:
    """``mkdocs build --strict`` of the project's configuration into ``site_dir``."""
    overrides: dict[str, str] = {"site_dir": str(site_dir)}
    if docs_dir is not None:
        overrides["docs_dir"] = str(docs_dir)
    build(load_config(config_file=str(CONFIG), strict=True, **overrides))


def test_given_the_docs_when_built_strictly_then_every_page_of_the_nav_is_in_the_site(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    site = tmp_path / "site"
    try:
        build_site(site)
    except Abort as aborted:
        warnings = [record.getMessage() for record in caplog.records if record.levelname == "WARNING"]
        pytest.fail(f"mkdocs build --strict failed: {aborted}\n" + "\n".join(warnings))
    pages = sorted(path.relative_to(ROOT / "docs") for path in (ROOT / "docs").rglob("*.md"))
    assert pages, "docs/ holds no page"
    for page in pages:
        built = site / ("index.html" if page.name == "index.md" else page.with_suffix("") / "index.html")
        assert built.is_file(), f"docs/{page} was not built into the site"


def test_given_a_broken_anchor_when_built_strictly_then_the_build_is_refused(tmp_path: Path) -> None:
    """The configuration is strict enough to catch a heading that is not there, not just a page."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    index = docs / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n[gone](API.md#no-such-heading)\n", encoding="utf-8")
    with pytest.raises(Abort):
        build_site(tmp_path / "site", docs_dir=docs)


def anchors(markdown_file: Path) -> set[str]:
    """The ids MkDocs gives the headings of a page (Python-Markdown's toc slugs)."""
    found: set[str] = set()
    in_code = False
    for line in markdown_file.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and (heading := HEADING.match(line)):
            text = re.sub(r"`([^`]*)`", r"\1", heading.group(1))
            found.add(slugify(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text), "-"))
    return found


@pytest.mark.parametrize("page", ["README.md", "CONTRIBUTING.md"])
def test_given_a_page_outside_docs_when_its_links_are_followed_then_each_file_and_heading_exists(page: str) -> None:
    source = ROOT / page
    broken = []
    for target in LINK.findall(source.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto: — not files of the repository
            continue
        path_part, _, anchor = target.partition("#")
        path = (source.parent / path_part).resolve() if path_part else source
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no such heading")
    assert broken == []


def test_given_the_readme_when_read_then_it_is_short_and_its_first_curl_call_comes_early() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200
    first_curl = next(number for number, line in enumerate(lines, 1) if re.search(r"\bcurl\s", line))
    assert first_curl <= 80
    assert any("docs/API.md" in line for line in lines[: first_curl + 30]), "the API guide is linked near the first game"


def test_given_a_fresh_machine_when_reading_the_readme_then_its_first_commands_are_run_and_test() -> None:
    """The first code block holds exactly the two commands, and CI runs the README's test command."""
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines() if line.strip()]
    assert commands == ["make run", "make test"]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert [line for line in ci if line and not line.startswith("#")][-1] == "make test"
