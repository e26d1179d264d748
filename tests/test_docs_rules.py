"""docs/rules.md and docs/components.md cover what the code cites (pure text parsing, no engine).

- Every rule ID cited in the code, the tests (names and text), the README and the docs
  (``R6.4``, ``R2-R4``, a test named ``test_r6_4_...``) has an entry in docs/rules.md.
- Every test named after a rule is listed under that rule's entry, and every test the page
  names exists.
- Every component group cited (``C4``, ``COMPONENTS C2``) has an entry in docs/components.md,
  and every key of the default component data file is documented there.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"
COMPONENTS_MD = ROOT / "docs" / "components.md"
COMPONENTS_TOML = ROOT / "vdgsim" / "games" / "vasco" / "data" / "components.toml"
THIS = Path(__file__).resolve()

# A rule ID: R, a section number, optional .sub numbers; not part of a longer word or number.
RULE_ID = re.compile(r"(?<![A-Za-z0-9_.])R(\d+(?:\.\d+)*)(?![\d])")
# A test named after a rule: test_r6_4_... -> R6.4, test_r0_... -> R0.
RULE_TEST = re.compile(r"\bdef (test_r(\d+(?:_\d+)*)(?:_[a-z]\w*)?)\s*\(")
TEST_NAME = re.compile(r"\btest_r(\d+(?:_\d+)*)(?=_[a-z]|\b)")
# A component group: C1..C9, not an alias such as C.gain_vp or a constant such as C_LAND.
GROUP_ID = re.compile(r"(?<![A-Za-z0-9_.])C(\d+)(?![\w])")
HEADING = re.compile(r"^(#{2,4})\s+(\S+)(.*)$")


def cited_files() -> list[Path]:
    """Every file whose text may cite a rule ID or a component group."""
    files = [ROOT / "README.md", ROOT / "cli.py", COMPONENTS_TOML]
    for folder, patterns in (
        ("vdgsim", ("*.py", "*.toml")),
        ("strategies", ("*.py", "*.toml")),
        ("tests", ("*.py",)),
        ("experiments", ("*.toml",)),
        ("docs", ("*.md",)),
    ):
        for pattern in patterns:
            files += sorted((ROOT / folder).rglob(pattern))
    # This file's own examples of the patterns are not citations.
    return [f for f in files if f.is_file() and f.resolve() != THIS]


def rule_headings(text: str) -> list[str]:
    """Rule IDs of the page's headings (``## R6 — ...``, ``### R6.4 — ...``), in order."""
    ids = []
    for line in text.splitlines():
        m = HEADING.match(line)
        if m and re.fullmatch(r"R\d+(?:\.\d+)*", m.group(2)):
            ids.append(m.group(2)[1:])
    return ids


def sections(text: str) -> dict[str, str]:
    """Text under each rule heading, keyed by its ID (without the R), up to the next heading."""
    out: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            current = m.group(2)[1:] if re.fullmatch(r"R\d+(?:\.\d+)*", m.group(2)) else ""
            continue
        if current:
            out.setdefault(current, []).append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def cited_rule_ids() -> dict[str, set[str]]:
    """Every rule ID cited, with the files citing it."""
    found: dict[str, set[str]] = {}
    for f in cited_files():
        text = f.read_text(encoding="utf-8")
        ids = {m.group(1) for m in RULE_ID.finditer(text)}
        ids |= {m.group(1).replace("_", ".") for m in TEST_NAME.finditer(text)}
        for i in ids:
            found.setdefault(i, set()).add(str(f.relative_to(ROOT)))
    return found


def rule_tests() -> dict[str, str]:
    """Every test function named after a rule, with the rule ID it names."""
    out = {}
    for f in sorted((ROOT / "tests").rglob("test_*.py")):
        if f.resolve() == THIS:
            continue
        for m in RULE_TEST.finditer(f.read_text(encoding="utf-8")):
            out[m.group(1)] = m.group(2).replace("_", ".")
    return out


def test_rule_ids_are_parsed() -> None:
    text = "R6.4, RULES R9.4; R2-R4 and R1.1-R1.8. Not: R_START, XR1, 1R2, characters_r1"
    assert {m.group(1) for m in RULE_ID.finditer(text)} == {"6.4", "9.4", "2", "4", "1.1", "1.8"}
    names = "def test_r6_4_leftmost_slot() def test_r0_action_slots(g) def test_r9_any_valid(x)"
    assert [(m.group(1), m.group(2)) for m in RULE_TEST.finditer(names)] == [
        ("test_r6_4_leftmost_slot", "6_4"),
        ("test_r0_action_slots", "0"),
        ("test_r9_any_valid", "9"),
    ]
    assert rule_headings("## R5 — The actions\n### R5.1 — Buy\nR5.2 in text\n") == ["5", "5.1"]


def test_every_cited_rule_id_has_an_entry() -> None:
    documented = set(rule_headings(RULES_MD.read_text(encoding="utf-8")))
    cited = cited_rule_ids()
    assert len(cited) > 30, "the search for cited rule IDs found too few; is the pattern broken?"
    missing = {f"R{i}": sorted(files) for i, files in cited.items() if i not in documented}
    assert not missing, f"rule IDs cited but without an entry in docs/rules.md: {missing}"


def test_rule_entries_are_unique_and_in_order() -> None:
    ids = rule_headings(RULES_MD.read_text(encoding="utf-8"))
    keys = [tuple(int(x) for x in i.split(".")) for i in ids]
    assert len(set(ids)) == len(ids), "a rule ID has two entries in docs/rules.md"
    assert keys == sorted(keys), "docs/rules.md lists rule IDs out of order"
    # Every sub-rule sits under its section (R6.4 needs R6).
    sections_ = {k[0] for k in keys if len(k) == 1}
    assert all(k[0] in sections_ for k in keys), "a rule entry has no section heading"


def test_every_rule_test_is_listed_under_its_rule() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    by_rule = sections(text)
    tests = rule_tests()
    assert len(tests) > 40
    misplaced = {
        name: f"R{rule}"
        for name, rule in tests.items()
        if not re.search(rf"`{name}`", by_rule.get(rule, ""))
    }
    assert not misplaced, (
        f"tests named after a rule but not listed under it in docs/rules.md: {misplaced}"
    )


def test_every_test_named_in_rules_md_exists() -> None:
    defined = set()
    for f in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"\bdef (test_\w+)", f.read_text(encoding="utf-8")))
    named = set(re.findall(r"`(test_\w+)`", RULES_MD.read_text(encoding="utf-8")))
    assert named, "docs/rules.md names no tests"
    assert not named - defined, f"docs/rules.md names tests that do not exist: {named - defined}"


def test_every_cited_component_group_has_an_entry() -> None:
    doc = COMPONENTS_MD.read_text(encoding="utf-8")
    documented = set(re.findall(r"^## C(\d+) — ", doc, flags=re.M))
    cited: dict[str, set[str]] = {}
    for f in cited_files():
        for m in GROUP_ID.finditer(f.read_text(encoding="utf-8")):
            cited.setdefault(m.group(1), set()).add(str(f.relative_to(ROOT)))
    assert cited, "the search for cited component groups found none; is the pattern broken?"
    missing = {f"C{g}": sorted(files) for g, files in cited.items() if g not in documented}
    assert not missing, (
        f"component groups cited but without an entry in docs/components.md: {missing}"
    )


def _keys(node: Any, out: set[str]) -> set[str]:
    """Every table key below ``node``, including the keys of tables inside lists."""
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(k)
            _keys(v, out)
    elif isinstance(node, list):
        for v in node:
            _keys(v, out)
    return out


def test_every_key_of_the_component_data_is_documented() -> None:
    data = tomllib.loads(COMPONENTS_TOML.read_text(encoding="utf-8"))
    doc = COMPONENTS_MD.read_text(encoding="utf-8")
    # Names written as code: `landings.calicut`, `income_vp`, `action_slots.players_2` ...
    code_words = set()
    for span in re.findall(r"`([^`]+)`", doc):
        code_words |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", span))
    # Top-level keys must appear as themselves (`counts`, `counts.*`), not just as words.
    top_missing = [k for k in data if not re.search(rf"`{re.escape(k)}(`|\.)", doc)]
    assert not top_missing, f"top-level keys not documented in docs/components.md: {top_missing}"
    all_missing = sorted(_keys(data, set()) - code_words)
    assert not all_missing, (
        f"component data keys not documented in docs/components.md: {all_missing}"
    )


def test_readme_links_both_pages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    assert "(docs/components.md)" in readme


# `engine/flow.py` `advance` (`ST_PHASE3`), `legal_acts`: a file, then the names it defines.
CODE_REF = re.compile(
    r"`((?:engine/)?\w+\.py)`((?:[ ,]*(?:and )?`[A-Za-z_][\w.]*`(?: \([^)]*\))?)+)"
)


def test_code_named_in_rules_md_exists() -> None:
    doc = RULES_MD.read_text(encoding="utf-8")
    layout = (ROOT / "vdgsim" / "games" / "vasco" / "layout.py").read_text(encoding="utf-8")
    refs = list(CODE_REF.finditer(doc))
    assert len(refs) > 40, "the search for code references found too few; is the pattern broken?"
    missing = []
    for m in refs:
        path = ROOT / "vdgsim" / "games" / "vasco" / m.group(1)
        if not path.is_file():
            missing.append(m.group(1))
            continue
        text = path.read_text(encoding="utf-8") + layout
        for name in re.findall(r"`([A-Za-z_][\w.]*)`", m.group(2)):
            if "." not in name and not re.search(rf"\b{re.escape(name)}\b", text):
                missing.append(f"{m.group(1)}: {name}")
    assert not missing, f"docs/rules.md names code that does not exist: {missing}"
