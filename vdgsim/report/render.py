"""Write a report: PNG charts, CSV tables, a self-contained HTML page and a Markdown file."""

from __future__ import annotations

import base64
import html
import io
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis.common import pp_ci
from vdgsim.report.findings import Finding, Section
from vdgsim.report.verdict import TOLERANCE, Verdict, build_verdict
from vdgsim.runner.output import atomic_write_bytes


def finding_json(f: str | Finding) -> dict[str, Any]:
    """A finding as report.json gives it: ``text``, and for a causal finding its ``effect``
    and each robustness label with its evidence (docs/analysis.md, "report.json")."""
    if isinstance(f, str):
        return {"text": f}
    k = f.effect
    out: dict[str, Any] = {
        "text": f.text,
        "effect": {
            "label": k.label,
            "value": k.value,
            "low": k.low,
            "high": k.high,
            "unit": k.unit,
        },
    }
    for name, lab in f.labels.items():
        out[name] = {"label": lab.label, "which": list(lab.which), "evidence": lab.evidence}
        if lab.phrase:
            out[name]["text"] = lab.phrase
        if lab.at is not None:
            out[name]["strongest"] = {
                "player": lab.which[0],
                "value": lab.at.diff,
                "low": lab.at.low,
                "high": lab.at.high,
            }
        if lab.curve:
            out[name]["curve"] = [c.as_dict() for c in lab.curve]
    return out


def at_strength(f: Finding) -> str:
    """A finding's effect at the strongest level checked (``+3 pp [+1, +5] with mc:...
    (+190 Elo over default)``; "" when it was not checked at a stronger level)."""
    lab = f.labels.get("skill")
    if lab is None or lab.at is None or not lab.curve:
        return ""
    e = lab.at
    return f"{pp_ci(e.diff, e.low, e.high, ' pp')} with {lab.level}"


def summary_sentence(f: Finding) -> str:
    """The summary's one sentence for a finding: the finding in one sentence, its effect at
    the strongest level checked after it."""
    short = f.short or f.text
    at = at_strength(f)
    text = f"{short.rstrip('.')}; {at}." if at else short
    return text[:1].upper() + text[1:]


def summary_findings(sections: list[Section]) -> list[tuple[Section, Finding]]:
    """The causal findings that hold on all three robustness labels, section by section."""
    return [
        (s, f) for s in sections for f in s.findings if isinstance(f, Finding) and f.holds_on_all()
    ]


@dataclass
class Header:
    """What the report's header states."""

    title: str
    games: int
    seeds: list[int]
    version: str
    commit: str | None
    digest: str
    provenance: dict[str, str]
    command: str
    quick: bool
    wall_seconds: float
    axis: str = ""
    sessions: int = 1  # the builds it took: an interrupted report resumed counts them all
    variant: str = ""  # the what-if variant's --data/--set ("" for the default data)
    # ``games`` counts each section's games once (the deals its comparisons rest on); the
    # progress display counts every game of every run, as this does
    games_played: int | None = None

    def __post_init__(self) -> None:
        # experiments may share a seed: each is listed once, in order of first appearance
        self.seeds = list(dict.fromkeys(self.seeds))


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _html_table(df: pl.DataFrame, max_rows: int = 30) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in row) + "</tr>"
        for row in df.head(max_rows).iter_rows()
    )
    more = (
        f"<p class=more>{df.height - max_rows} more rows in the CSV</p>"
        if df.height > max_rows
        else ""
    )
    return (
        f"{_SCROLL}<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{more}"
    )


def _md_table(df: pl.DataFrame, max_rows: int = 30) -> str:
    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    for row in df.head(max_rows).iter_rows():
        lines.append("| " + " | ".join(_fmt(v) for v in row) + " |")
    if df.height > max_rows:
        lines.append(f"\n({df.height - max_rows} more rows in the CSV)")
    return "\n".join(lines)


def _csv_safe(df: pl.DataFrame) -> pl.DataFrame:
    nested = [c for c, t in df.schema.items() if isinstance(t, pl.List | pl.Struct | pl.Object)]
    return df.with_columns(pl.col(c).cast(pl.String) for c in nested) if nested else df


def _provenance_rows(h: Header) -> list[tuple[str, str, bool]]:
    return [(k, v, " R" in f" {v}" or v.startswith("R")) for k, v in h.provenance.items()]


def write_report(
    out: Path,
    header: Header,
    sections: list[Section],
    on_chart: Callable[[], None] | None = None,
    tolerance: float = TOLERANCE,
) -> dict[str, Any]:
    """Write every chart and table of ``sections`` under ``out`` plus index.html, report.md and
    report.json (the key numbers with the table and row each comes from), each opening with
    the verdict (:mod:`vdgsim.report.verdict`, seats judged against ``±tolerance``).

    Charts and tables of an earlier report in ``out`` are deleted first, so that every file
    in ``charts/`` and ``tables/`` belongs to this report; each file is written atomically.
    ``on_chart`` is called after each chart is saved.
    """
    for sub, pattern in (("charts", "*.png"), ("tables", "*.csv")):
        (out / sub).mkdir(parents=True, exist_ok=True)
        # a killed report may have left temporary files beside its charts and tables
        for old in [*(out / sub).glob(pattern), *(out / sub).glob(".*.tmp-*")]:
            old.unlink()
    images: dict[str, str] = {}
    for sec in sections:
        for name, fig in sec.figures:
            path = out / "charts" / f"{sec.name}-{name}.png"
            # matplotlib takes the format from the name's suffix
            tmp = path.with_name(f".{path.stem}.tmp-{os.getpid()}.png")
            C.save(fig, str(tmp))
            os.replace(tmp, path)
            images[f"{sec.name}-{name}"] = base64.b64encode(path.read_bytes()).decode()
            if on_chart is not None:
                on_chart()
        for name, df in sec.tables.items():
            buf = io.BytesIO()
            _csv_safe(df).write_csv(buf)
            atomic_write_bytes(out / "tables" / f"{sec.name}-{name}.csv", buf.getvalue())

    verdict = build_verdict(sections, tolerance)
    summary = {
        "verdict": verdict.as_json(),
        "header": header.__dict__,
        "summary": [{"section": s.name, **finding_json(f)} for s, f in summary_findings(sections)],
        "sections": [
            {
                "name": s.name,
                "title": s.title,
                "games": s.info.games,
                "seeds": list(s.info.seeds),
                "findings": [finding_json(f) for f in s.findings],
                "numbers": [
                    {
                        "label": k.label,
                        "value": k.value,
                        "low": k.low,
                        "high": k.high,
                        "unit": k.unit,
                        "table": f"tables/{s.name}-{k.table}.csv",
                        "row": k.row,
                        "column": k.column,
                        "text": k.text(),
                    }
                    for k in s.numbers
                ],
                "charts": [f"charts/{s.name}-{n}.png" for n, _ in s.figures],
                "tables": [f"tables/{s.name}-{n}.csv" for n in s.tables],
            }
            for s in sections
        ],
    }
    report_json = json.dumps(summary, indent=2, default=str) + "\n"
    atomic_write_bytes(out / "report.json", report_json.encode())
    atomic_write_bytes(out / "index.html", _html(header, sections, images, verdict).encode())
    atomic_write_bytes(out / "report.md", _markdown(header, sections, verdict).encode())
    return summary


_SUMMARY_INTRO = (
    "Causal findings that are replicated on independent seeds (false discovery rate 5% within "
    "their section), keep their verdict up to the strongest level of the skill axis they were "
    "checked at (the restricted or swept player at that level, or that level in every seat), "
    "and are stable under every plausible value of the reconstructed component numbers; one "
    "sentence each: the effect with the report's own player, then at that level (the details "
    "are in the sections). The seats, and the elements the verdict ranks, are stated there "
    "only."
)
_IN_VERDICT = (
    "Every finding that holds on every check is stated in the verdict (the seats, and the "
    "elements it ranks)."
)
_NO_SUMMARY = (
    "No causal finding passed all three checks (replication, the strongest level of the skill "
    "axis checked, reconstructed data); each section's findings carry their labels."
)
_NOT_CHECKED = (
    "No experiment of this report has robustness runs ([robustness] in its spec), so no "
    "finding was checked."
)


def _md_finding(f: str | Finding) -> str:
    if isinstance(f, str) or not f.labels:
        return f"- {f if isinstance(f, str) else f.text}"
    return f"- {f.text}<br><sub>{f.label_text()}</sub>"


def _summarised(sections: list[Section], verdict: Verdict) -> list[tuple[Section, Finding]]:
    """The summary's findings in the page: those the verdict states (a seat's gap, a ranked
    element) are not stated again."""
    balance = {"win_by_seat", "win_by_turn_position"}
    ranked = {id(e.finding) for e in verdict.shown()}
    return [
        (s, f)
        for s, f in summary_findings(sections)
        if f.effect.table not in balance and id(f) not in ranked
    ]


def _no_summary(sections: list[Section]) -> str:
    if summary_findings(sections):  # each of them stated in the verdict
        return _IN_VERDICT
    checked = any(isinstance(f, Finding) and f.labels for s in sections for f in s.findings)
    return _NO_SUMMARY if checked else _NOT_CHECKED


def _md_summary(sections: list[Section], verdict: Verdict) -> list[str]:
    found = _summarised(sections, verdict)
    if not found:
        return [_no_summary(sections)]
    return [_SUMMARY_INTRO, ""] + [f"- **{s.title}.** {summary_sentence(f)}" for s, f in found]


def _html_finding(f: str | Finding) -> str:
    e = html.escape
    if isinstance(f, str) or not f.labels:
        return e(f if isinstance(f, str) else f.text)
    details = "".join(
        f"<li><b>{e(k)}: {e(v.text())}</b> — {e(v.evidence)}</li>" for k, v in f.labels.items()
    )
    return (
        f"{e(f.text)}<details><summary class=more>{e(f.label_text())}</summary>"
        f"<ul>{details}</ul></details>"
    )


def _html_summary(sections: list[Section], verdict: Verdict) -> list[str]:
    e = html.escape
    found = _summarised(sections, verdict)
    if not found:
        return [f"<p>{e(_no_summary(sections))}</p>"]
    items = "".join(f"<li><b>{e(s.title)}.</b> {e(summary_sentence(f))}</li>" for s, f in found)
    return [f"<p class=note>{e(_SUMMARY_INTRO)}</p><ul class=findings>{items}</ul>"]


def _header_lines(h: Header) -> list[tuple[str, str]]:
    seeds = ", ".join(str(s) for s in h.seeds)
    return [
        (
            "Games",
            f"{h.games:,} in the sections"
            + (f", {h.games_played:,} played in all runs" if h.games_played is not None else "")
            + (" (quick version: wide intervals)" if h.quick else ""),
        ),
        ("Seeds", seeds),
        ("Version", f"vdgsim {h.version}" + (f", commit {h.commit[:12]}" if h.commit else "")),
        ("Component data", f"digest {h.digest}" + (f", variant {h.variant}" if h.variant else "")),
        ("Skill axis", h.axis or "not rated"),
        ("Command", h.command),
        (
            "Wall time",
            f"{h.wall_seconds:,.0f} s"
            + (f" over {h.sessions} sessions (resumed with --resume)" if h.sessions > 1 else ""),
        ),
    ]


# On a narrow screen (a phone, about 420 px) a wide table scrolls inside its own box and long
# words (file names, line-ups) wrap, so the page itself never scrolls sideways.
_SCROLL = "<div class=scroll>"
_CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;
overflow-wrap:anywhere}
.scroll{overflow-x:auto;max-width:100%}.scroll td,.scroll th{overflow-wrap:normal}
figure{margin:.5em 0}
h1{font-size:1.7em}h2{border-bottom:1px solid #ccc;padding-top:.6em}
table{border-collapse:collapse;font-size:.82em;margin:.6em 0}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}th{background:#f3f3f3}
.r{background:#fff3d6}.note{color:#555;font-size:.9em}.more{color:#777;font-size:.8em}
img{max-width:100%;border:1px solid #eee;margin:.5em 0}
ul.findings li,ol.findings li{margin:.3em 0}
.howto{background:#f6f8fa;border:1px solid #ddd;padding:.4em 1em;font-size:.9em}
.howto dt{font-weight:bold}.howto dd{margin:0 0 .4em 1em}
"""


def _html(h: Header, sections: list[Section], images: dict[str, str], verdict: Verdict) -> str:
    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{e(h.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(h.title)}</h1>",
        verdict.html(),
        f"<h2>About this report</h2>{_SCROLL}<table>",
    ]
    parts += [
        f"<tr><th>{e(k)}</th><td style='text-align:left'>{e(v)}</td></tr>"
        for k, v in _header_lines(h)
    ]
    parts.append("</table></div>")
    rows = _provenance_rows(h)
    if any(r for _, _, r in rows):
        parts.append(
            "<p class=note><b>Component data is partly reconstructed.</b> Groups whose values "
            "are marked <b>R</b> (reconstructed, highlighted) are plausible values chosen to fit "
            "the rulebook, not printed numbers; findings that depend on them may change with "
            "the printed values (S = sourced, D = derived).</p>"
        )
    if rows:
        parts.append(f"{_SCROLL}<table><tr><th>group</th><th>provenance</th></tr>")
        for k, v, r in rows:
            cls = " class=r" if r else ""
            parts.append(f"<tr{cls}><td>{e(k)}</td><td style='text-align:left'>{e(v)}</td></tr>")
        parts.append("</table></div>")
    parts.append(verdict.how_to_read_html())
    parts.append("<h2>Findings that hold on every check</h2>")
    parts += _html_summary(sections, verdict)
    parts.append("<h2>Contents</h2><ul>")
    parts += [f"<li><a href='#{s.name}'>{e(s.title)}</a></li>" for s in sections]
    parts.append("</ul>")
    for s in sections:
        parts.append(f"<h2 id='{s.name}'>{e(s.title)}</h2>")
        if s.question:
            parts.append(f"<p><i>{e(s.question)}</i></p>")
        parts.append(f"<p class=note>{e(s.info.caption())}</p>")
        parts.append("<h3>Findings</h3><ul class=findings>")
        parts += [f"<li>{_html_finding(f)}</li>" for f in s.findings]
        parts.append("</ul>")
        parts += [f"<p class=note>{e(n)}</p>" for n in s.notes]
        for name, _ in s.figures:
            key = f"{s.name}-{name}"
            parts.append(
                f"<figure><img alt='{e(key)}' src='data:image/png;base64,{images[key]}'>"
                f"<figcaption class=more>charts/{e(key)}.png</figcaption></figure>"
            )
        if s.numbers:
            parts.append(
                "<h3>Key numbers (95% intervals)</h3>"
                f"{_SCROLL}<table><tr><th>what</th><th>value</th><th>table</th></tr>"
            )
            for k in s.numbers:
                parts.append(
                    f"<tr><td style='text-align:left'>{e(k.label)}</td><td>{e(k.text())}</td>"
                    f"<td>tables/{e(s.name)}-{e(k.table)}.csv</td></tr>"
                )
            parts.append("</table></div>")
        for name, df in s.tables.items():
            parts.append(
                f"<details><summary>Table {e(name)} (tables/{e(s.name)}-{e(name)}.csv)</summary>"
            )
            parts.append(_html_table(df) + "</details>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _markdown(h: Header, sections: list[Section], verdict: Verdict) -> str:
    lines = [f"# {h.title}", "", *verdict.markdown(), "", "## About this report", ""]
    lines += [f"- **{k}**: {v}" for k, v in _header_lines(h)]
    rows = _provenance_rows(h)
    if any(r for _, _, r in rows):
        lines += [
            "",
            "**Component data is partly reconstructed.** Groups marked R are plausible values, "
            "not printed numbers; findings that depend on them may change with the printed "
            "values.",
        ]
    if rows:
        lines += ["", "| group | provenance |", "|---|---|"]
        lines += [f"| {k}{' (R)' if r else ''} | {v} |" for k, v, r in rows]
    lines += ["", *verdict.how_to_read_markdown()]
    lines += ["", "## Findings that hold on every check", "", *_md_summary(sections, verdict)]
    for s in sections:
        lines += ["", f"## {s.title}", ""]
        if s.question:
            lines += [f"*{s.question}*", ""]
        lines += [f"<sub>{s.info.caption()}</sub>", "", "### Findings", ""]
        lines += [_md_finding(f) for f in s.findings]
        lines += [""] + [f"> {n}" for n in s.notes]
        for name, _ in s.figures:
            lines += ["", f"![{s.name}-{name}](charts/{s.name}-{name}.png)"]
        if s.numbers:
            lines += [
                "",
                "### Key numbers (95% intervals)",
                "",
                "| what | value | table |",
                "|---|---|---|",
            ]
            lines += [
                f"| {k.label} | {k.text()} | tables/{s.name}-{k.table}.csv |" for k in s.numbers
            ]
        lines += [""] + [f"- table `tables/{s.name}-{n}.csv`" for n in s.tables]
    return "\n".join(lines) + "\n"
