"""What a report section is made of: key numbers (each naming the table cell it comes from),
findings generated from them, and the :class:`Section` that holds them with its tables, charts
and notes; with the number formats every section shares."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import polars as pl
from matplotlib.figure import Figure

from vdgsim.analysis import (
    robustness,
)
from vdgsim.analysis.common import (
    RunInfo,
    rounded,
)
from vdgsim.analysis.robustness import Label

if TYPE_CHECKING:  # the verdict reads sections; a section only holds its seat spreads
    from vdgsim.report.verdict import Balance


@dataclass
class KeyNumber:
    """A number shown in the report, with its interval and where it comes from."""

    label: str
    value: float
    low: float | None
    high: float | None
    unit: str  # "pp", "%", "VP", "ducats", ""
    table: str
    row: dict[str, Any]
    column: str

    def text(self) -> str:
        """The number and its interval to the decimals the interval supports, with its unit
        (``-15.8 pp [-16.7, -15.0]``, ``17.4 [17.0, 17.7]``)."""
        scale, signed, default, most = _FORMATS.get(self.unit, (1.0, False, 3, 3))
        v, lo, hi = rounded(
            self.value,
            self.low,
            self.high,
            scale=scale,
            signed=signed,
            default=default,
            most=most,
        )
        ci = f" [{lo}, {hi}]" if self.low is not None else ""
        unit = {"pp": " pp", "%": "%", "VP": " VP", "ducats": " ducats", "Elo": " Elo"}.get(
            self.unit, ""
        )
        return f"{v}{unit}{ci}"


# how each unit is written: (scale, signed, decimals without an interval, most decimals)
_FORMATS: dict[str, tuple[float, bool, int, int]] = {
    "pp": (100.0, True, 1, 2),
    "%": (100.0, False, 1, 2),
    "VP": (1.0, True, 2, 2),
    "ducats": (1.0, False, 2, 2),
    "Elo": (1.0, True, 0, 0),
}


@dataclass
class Finding:
    """A causal finding: its sentence, the effect it quotes and its robustness labels
    (:mod:`vdgsim.analysis.robustness`; empty when the experiment has no robustness runs)."""

    text: str
    effect: KeyNumber
    labels: dict[str, Label] = field(default_factory=dict)
    # the finding in one sentence, for the summary and the verdict ("": the text is one)
    short: str = ""

    def holds_on_all(self) -> bool:
        return bool(self.labels) and robustness.holds_on_all(self.labels)

    def label_text(self) -> str:
        """``replication: replicated; skill: holds at every strength; data: stable``."""
        return "; ".join(f"{k}: {v.text()}" for k, v in self.labels.items())


def finding_text(f: str | Finding) -> str:
    return f if isinstance(f, str) else f.text


@dataclass
class Section:
    """One question's part of the report."""

    name: str
    title: str
    question: str
    info: RunInfo
    figures: list[tuple[str, Figure]] = field(default_factory=list)
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    numbers: list[KeyNumber] = field(default_factory=list)
    findings: list[str | Finding] = field(default_factory=list)  # str: not causal
    notes: list[str] = field(default_factory=list)
    # the seats section's: the balance of each player count, for the verdict
    balance: list[Balance] = field(default_factory=list)
    spread_of: str = "seat"  # what the balance judges: "seat", or Goa's "turn position"


def vp_ci(value: float, low: float, high: float) -> str:
    """A VP difference and its interval (``+1.3 VP [+1.2, +1.4]``)."""
    v, lo, hi = rounded(value, low, high, signed=True, default=2, most=2)
    return f"{v} VP [{lo}, {hi}]"


def plain_ci(value: float, low: float, high: float) -> str:
    """A mean and its interval without sign (``14.3 [14.1, 14.5]``)."""
    v, lo, hi = rounded(value, low, high, default=2, most=2)
    return f"{v} [{lo}, {hi}]"


def baseline_info(sec: Section, frame: pl.DataFrame, about: str) -> RunInfo:
    """The provenance of a chart drawn from the baseline run only (``frame``'s games)."""
    return replace(sec.info, games=frame["game"].n_unique(), about=about)


ONE_ROTATION = "the baseline run, one rotation per deal when all players are identical"
