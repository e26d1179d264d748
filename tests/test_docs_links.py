"""Relative links in README.md, docs/ and reports/README.md resolve: the file or folder exists,
and an anchor names a heading of the Markdown page it points to (pure text parsing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# [text](target) or [text](target "title"), not an image's inline data
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def doc_files() -> list[Path]:
    """The Markdown files whose links are checked."""
    files = [ROOT / "README.md", ROOT / "reports" / "README.md"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    return [f for f in files if f.is_file()]


def unfenced_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor of a Markdown page's headings (repeated headings numbered as on GitHub)."""
    seen: dict[str, int] = {}
    out = set()
    for line in unfenced_lines(page.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(1).replace("`", ""))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    """The relative link targets of a page (web and mail links left out)."""
    found = []
    for line in unfenced_lines(page.read_text(encoding="utf-8")):
        for target in LINK.findall(CODE_SPAN.sub("", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, ...
                continue
            found.append(target)
    return found


def broken_links(page: Path) -> list[str]:
    """Each link of ``page`` whose file, folder or anchor does not exist, with the reason."""
    bad = []
    for target in links(page):
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            bad.append(f"{target}: no such file")
            continue
        if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no heading with that anchor in {dest.name}")
    return bad


@pytest.mark.parametrize("page", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    bad = broken_links(page)
    assert not bad, f"broken links in {page.relative_to(ROOT)}:\n" + "\n".join(bad)


def test_the_check_finds_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading\n\n## Second `part`\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#second-part) [ok](#top) [web](https://example.org/x)\n"
        "`[not a link](missing.md)`\n```\n[in code](missing.md)\n```\n"
        "[gone](missing.md) [bad anchor](there.md#nowhere)\n\n# Top\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "there.md#nowhere: no heading with that anchor in there.md",
    ]
