"""Two reports side by side: a what-if variant (``vdg report --data/--set``) against its base.

Both reports are read from their ``report.json``. A causal finding is matched by its section
and the key number it quotes (``effect.label``), a key number by its section and label. For
each, the base's and the variant's values with their intervals, and the difference with a 95%
interval. The two reports play the same seeds, so their differences are paired deal by deal:
where both reports' runs are on disk and a key number is a mean over games (a restricted
player's effect, a seat's win share), the difference and its interval are taken game by game
over the same deals (:mod:`vdgsim.report.paired_compare`); every other interval treats the
two reports as independent (the root of the summed variances), which is conservative. A
finding's **verdict** is the sign its interval decides (*gain*, *loss*, or *unclear* when the
interval holds 0); every finding whose verdict changed is flagged, and so is every key number
whose difference is clear.
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from vdgsim.analysis.common import rounded
from vdgsim.report.paired_compare import paired_differences

Z95 = 1.959964


class CompareError(ValueError):
    """A folder or file that is not a report, or two reports that cannot be compared."""


@dataclass(frozen=True)
class Row:
    """One finding or key number in both reports."""

    kind: str  # "finding" or "number"
    section: str
    label: str
    unit: str
    base: tuple[float, float | None, float | None]
    variant: tuple[float, float | None, float | None]
    diff: tuple[float, float | None, float | None]
    base_verdict: str
    variant_verdict: str
    paired: int = 0  # the deals the difference was paired over (0: independent interval)

    @property
    def changed(self) -> bool:
        """A finding whose verdict changed, or a number whose difference is clear."""
        if self.kind == "finding":
            return self.base_verdict != self.variant_verdict
        lo, hi = self.diff[1], self.diff[2]
        return lo is not None and hi is not None and (lo > 0 or hi < 0)


def load_report(path: str | Path) -> dict[str, Any]:
    """The report.json of a report folder (or the file itself)."""
    p = Path(path)
    f = p / "report.json" if p.is_dir() else p
    try:
        return json.loads(f.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CompareError(f"{path}: no report.json (not a report folder)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CompareError(f"{f}: not a readable report.json ({e})") from None


def verdict(lo: float | None, hi: float | None) -> str:
    if lo is None or hi is None:
        return "unclear"
    if lo > 0:
        return "gain"
    if hi < 0:
        return "loss"
    return "unclear"


def _se(lo: float | None, hi: float | None) -> float | None:
    return None if lo is None or hi is None else (hi - lo) / (2 * Z95)


def _diff(b: tuple, v: tuple) -> tuple[float, float | None, float | None]:
    d = v[0] - b[0]
    sb, sv = _se(b[1], b[2]), _se(v[1], v[2])
    if sb is None or sv is None:
        return d, None, None
    half = Z95 * math.sqrt(sb * sb + sv * sv)
    return d, d - half, d + half


def _triple(d: dict[str, Any]) -> tuple[float, float | None, float | None]:
    return float(d["value"]), d.get("low"), d.get("high")


def _findings(report: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    out = {}
    for s in report.get("sections", []):
        for f in s.get("findings", []):
            e = f.get("effect")
            if e and e.get("label"):
                out[(s["name"], e["label"])] = e
    return out


def _numbers(report: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(s["name"], n["label"]): n for s in report.get("sections", []) for n in s["numbers"]}


def compare(
    base: dict[str, Any],
    variant: dict[str, Any],
    base_runs: Path | None = None,
    variant_runs: Path | None = None,
) -> dict[str, Any]:
    """Every finding and key number both reports hold, base first; and notes on what makes
    the two less comparable (other seeds, other games, findings in one report only).
    ``base_runs`` and ``variant_runs``, the reports' runs folders, pair the differences that
    can be paired game by game."""
    bh, vh = base.get("header", {}), variant.get("header", {})
    notes = []
    if bh.get("title", "").split(" balance")[0] != vh.get("title", "").split(" balance")[0]:
        raise CompareError(
            f"the reports are of different games: {bh.get('title')!r}, {vh.get('title')!r}"
        )
    # a report of some of the experiments (--only) plays a subset of the other's seeds: the
    # experiments both hold still meet the same deals
    bs, vs = set(bh.get("seeds") or []), set(vh.get("seeds") or [])
    if not (bs <= vs or vs <= bs):
        notes.append("the reports played different seeds: their differences are not paired")
    if bh.get("quick") != vh.get("quick"):
        notes.append("one report is a --quick report: their sizes differ")
    paired: dict[tuple[str, str], tuple[tuple[float, float, float], int]] = {}
    if base_runs is not None and variant_runs is not None:
        if base_runs.is_dir() and variant_runs.is_dir():
            paired = paired_differences(base_runs, variant_runs, base, variant)
        else:
            notes.append("a report's runs are not on disk: every interval is independent")

    def diff(key: tuple[str, str], b: tuple, v: tuple) -> tuple[tuple, int]:
        if key in paired:
            return paired[key]
        return _diff(b, v), 0

    rows: list[Row] = []
    bf, vf = _findings(base), _findings(variant)
    for key in [k for k in bf if k in vf]:
        b, v = _triple(bf[key]), _triple(vf[key])
        d, deals = diff(key, b, v)
        rows.append(
            Row(
                "finding",
                key[0],
                key[1],
                bf[key].get("unit", ""),
                b,
                v,
                d,
                verdict(b[1], b[2]),
                verdict(v[1], v[2]),
                deals,
            )
        )
    only = len(set(bf) ^ set(vf))
    if only:
        notes.append(f"{only} finding(s) are in one report only (not compared)")
    bn, vn = _numbers(base), _numbers(variant)
    for key in [k for k in bn if k in vn]:
        b, v = _triple(bn[key]), _triple(vn[key])
        d, deals = diff(key, b, v)
        rows.append(Row("number", key[0], key[1], bn[key].get("unit", ""), b, v, d, "", "", deals))
    return {
        "base": {
            "title": bh.get("title"),
            "variant": bh.get("variant", ""),
            "digest": bh.get("digest"),
        },
        "variant": {
            "title": vh.get("title"),
            "variant": vh.get("variant", ""),
            "digest": vh.get("digest"),
        },
        "notes": notes,
        "rows": rows,
    }


def cell(t: tuple[float, float | None, float | None], unit: str, signed: bool = False) -> str:
    """``value [low, high]`` in the unit's format (a difference of shares in pp), to the
    decimals the interval supports."""
    u = "pp" if signed and unit == "%" else unit
    share = u in ("pp", "%")
    v, lo, hi = rounded(
        *t, scale=100 if share else 1, signed=u == "pp", default=1 if share else 2, most=2
    )
    return f"{v} [{lo}, {hi}]".replace("n/a", "?")


def table_rows(result: dict[str, Any]) -> list[list[str]]:
    out = []
    for r in result["rows"]:
        flag = "changed" if r.changed else ""
        verdicts = f"{r.base_verdict} → {r.variant_verdict}" if r.kind == "finding" else ""
        out.append(
            [
                flag,
                r.section,
                r.label,
                cell(r.base, r.unit),
                cell(r.variant, r.unit),
                cell(r.diff, r.unit, signed=True),
                f"paired ({r.paired:,} deals)" if r.paired else "independent",
                verdicts,
            ]
        )
    # what changed first, then by section as the reports list them
    out.sort(key=lambda x: x[0] != "changed")
    return out


HEADERS = [
    "",
    "section",
    "finding or number",
    "base",
    "variant",
    "difference",
    "interval",
    "verdict",
]
INTERVALS = (
    "95% intervals. A difference marked paired is taken game by game over the deals both "
    "reports played; one marked independent treats the two reports as independent, which is "
    "conservative (they play the same deals). A finding's verdict is the sign its interval "
    "decides."
)


def describe(side: dict[str, Any]) -> str:
    return side["variant"] or "the default data"


def to_markdown(result: dict[str, Any]) -> str:
    lines = [
        "# Comparison of two reports",
        "",
        f"- **Base**: {describe(result['base'])} (data digest {result['base']['digest']})",
        f"- **Variant**: {describe(result['variant'])} (data digest {result['variant']['digest']})",
        f"- **Intervals**: {INTERVALS}",
        *(f"- **Note**: {n}" for n in result["notes"]),
        "",
        "| " + " | ".join(HEADERS) + " |",
        "|" + "---|" * len(HEADERS),
    ]
    lines += [
        "| " + " | ".join(x.replace("|", "/") for x in row) + " |" for row in table_rows(result)
    ]
    return "\n".join(lines) + "\n"


def to_html(result: dict[str, Any]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(h)}</th>" for h in HEADERS)
    body = "".join(
        "<tr"
        + (" class=changed" if row[0] else "")
        + ">"
        + "".join(f"<td>{e(c)}</td>" for c in row)
        + "</tr>"
        for row in table_rows(result)
    )
    notes = "".join(f"<li>{e(n)}</li>" for n in result["notes"])
    return (
        "<!doctype html><meta charset=utf-8><title>Comparison of two reports</title>"
        "<style>body{font-family:sans-serif;margin:1em;max-width:80em}"
        "table{border-collapse:collapse;display:block;overflow-x:auto}"
        "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
        "tr.changed{background:#fff3cd}</style>"
        "<h1>Comparison of two reports</h1>"
        f"<p>Base: {e(describe(result['base']))}; variant: {e(describe(result['variant']))}. "
        f"{e(INTERVALS)}</p>"
        f"<ul>{notes}</ul><table><tr>{head}</tr>{body}</table>\n"
    )


def to_json(result: dict[str, Any]) -> str:
    rows = [asdict(r) | {"changed": r.changed} for r in result["rows"]]
    return json.dumps({**result, "rows": rows}, indent=2) + "\n"
