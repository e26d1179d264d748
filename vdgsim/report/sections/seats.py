"""The seats section: win share by seat (or turn position), balance index, scores and VP by
source with identical players, whether the seat effects hold with other players in every
seat, and what the game adds (:attr:`vdgsim.core.plug.Game.seats_more`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    luck,
    measures,
    robustness,
    seats,
)
from vdgsim.analysis import luck_charts as LC
from vdgsim.analysis.common import (
    pct,
    pp,
    vp_source_columns,
)
from vdgsim.analysis.experiment import (
    DEAL,
    OTHER,
    ROBUST,
    ExperimentRun,
    strength_label,
)
from vdgsim.analysis.robustness import Label
from vdgsim.core.plug import game_of
from vdgsim.report.findings import Finding, KeyNumber, Section, finding_text, plain_ci
from vdgsim.report.sections.robust import robustness_table
from vdgsim.report.verdict import Balance, SeatGap, SeatSpread, skilled_play


# --- seats --------------------------------------------------------------------------------------
def _seat_number(
    r: dict[str, Any], what: str, columns: tuple[str, str, str], unit: str
) -> KeyNumber:
    """A key number of a row of ``win_by_seat`` (its value, low and high ``columns``)."""
    value, low, high = columns
    return KeyNumber(
        f"{r['players']} players, seat {r['seat']}: {what}",
        r[value],
        r[low],
        r[high],
        unit,
        "win_by_seat",
        {"players": r["players"], "seat": r["seat"]},
        value,
    )


def seats_section(exp: ExperimentRun, sec: Section) -> None:
    """Win share by seat, balance index, score distributions, VP by source; and whether the
    seat effects hold with other players in every seat; and, from the runs with the characters
    dealt at random, which part of each seat's edge is its turn order and which its character."""
    own = {
        n: r
        for n, r in exp.runs.items()
        if not n.startswith((f"{OTHER}/", f"{DEAL}/", f"{ROBUST}/"))
    }
    characters = game_of(exp.spec.game).seat_characters
    players = seats.seat_players(own)
    by_seat = seats.win_by_seat(players, characters=characters)
    bal = seats.balance_index(by_seat).join(
        seats.balance_interval(players, exp.spec.seed), on="players"
    )
    sec.tables["win_by_seat"] = by_seat
    sec.tables["balance_index"] = bal
    sec.tables["score_distribution"] = seats.score_distribution(players)
    src = seats.vp_by_source(players, vp_source_columns(exp.spec.game))
    sec.tables["vp_by_source"] = src
    sec.tables["ties"] = seats.tie_rate(
        {n: r for n, r in exp.runs.items() if not n.startswith((f"{DEAL}/", f"{ROBUST}/"))}
    )
    positions = "start_player" in players.columns
    # a game that draws its start player: seat 0 is not the first to play
    xlabel = "seat (the start player is drawn at set-up)" if positions else None
    chart = C.seat_chart(by_seat, sec.info, *([xlabel] if xlabel else []))
    sec.figures.append(("win_by_seat", chart))
    labels = robustness.seats_labels(exp)
    if positions:
        labels |= robustness.seats_labels(exp, by="position")
    robustness_table(
        exp,
        sec,
        labels,
        "finding",
        "other seeds and reconstructed-data alternatives; the skill labels come from the "
        "runs of the other presets, table win_by_seat_by_preset",
    )
    sec.figures.append(("scores", C.score_chart(players, sec.info)))
    sec.figures.append(("vp_by_source", C.vp_source_chart(src, sec.info)))
    for r in by_seat.iter_rows(named=True):
        k = _seat_number(r, "win share", ("win_share", "win_low", "win_high"), "%")
        sec.numbers.append(k)
        if r["above_fair"] or r["below_fair"]:
            side = "more" if r["above_fair"] else "less"
            gap = _seat_number(
                r, "win share less the fair share", ("gap", "gap_low", "gap_high"), "pp"
            )
            sec.numbers.append(gap)
            who = f" (dealt {r['dealt_character']})" if characters else ""
            sec.findings.append(
                Finding(
                    f"With {r['players']} players, seat {r['seat']}{who} wins {k.text()} of "
                    f"games, {side} than the fair "
                    f"{pct(r['fair_share'])}% ({gap.text()}).",
                    gap,
                    labels.get(robustness.seat_key(r["players"], r["seat"]), {}),
                )
            )
    for r in bal.iter_rows(named=True):
        k = KeyNumber(
            f"{r['players']} players: balance index",
            r["balance_index"],
            r["balance_low"],
            r["balance_high"],
            "",
            "balance_index",
            {"players": r["players"]},
            "balance_index",
        )
        sec.numbers.append(k)
        sec.findings.append(
            f"{r['players']} players: balance index {k.text()} (largest gap "
            f"{pp(r['largest_gap'])} pp, best seat {r['best_seat']}, worst seat "
            f"{r['worst_seat']})."
        )
    if positions:
        by_pos = _turn_positions(sec, players, labels)
        # with a start player drawn at set-up, the turn position is what a seat's luck is
        sec.balance = _balance(exp, by_pos, "position", _position_name)
        sec.spread_of = "turn position"
    else:
        sec.balance = _balance(
            exp,
            by_seat,
            "seat",
            lambda r: (
                f"seat {r['seat']}"
                + (f" (dealt {r['dealt_character']})" if "dealt_character" in r else "")
            ),
        )
    for b in sec.balance:
        said = b.bot_sentence(sec.spread_of)
        if said is not None:
            sec.findings.append(said)
    if not any("wins" in finding_text(f) for f in sec.findings):
        sec.findings.insert(
            0, "No seat's win share differs from the fair share beyond its interval."
        )
    sec.notes.append(
        "Identical players, seats not rotated, so seat effects belong to the game ("
        f"{game_of(exp.spec.game).seat_effects}) as those players play it. Win shares split "
        "ties."
    )
    if exp.spec.other_presets:
        _seats_by_preset(exp, sec, by_seat, bal, characters=characters)
    more = game_of(exp.spec.game).seats_more
    if more is not None:
        more(exp, sec, by_seat, labels)


def _balance(
    exp: ExperimentRun,
    table: pl.DataFrame,
    column: str,
    who: Callable[[dict[str, Any]], str],
) -> list[Balance]:
    """Per player count, the balance verdict (:func:`vdgsim.report.verdict.skilled_play`):
    every seat's (``column``: ``seat`` or ``position``) gap from the fair share in ``table``
    with the spec's own player, and in the runs of every other player in every seat, ordered by
    the skill axis."""
    spec = exp.spec
    axis = exp.axis
    characters = game_of(spec.game).seat_characters

    def spread(rows: list[dict[str, Any]], player: str, p: int) -> SeatSpread:
        level = axis.describe(player, p) if axis is not None else player
        gaps = tuple(SeatGap(who(r), r["gap"], r["gap_low"], r["gap_high"]) for r in rows)
        return SeatSpread(p, float(rows[0]["fair_share"]), player, level, int(rows[0]["n"]), gaps)

    def rows_at(t: pl.DataFrame, p: int) -> list[dict[str, Any]]:
        return list(t.filter(pl.col("players") == p).sort(column).iter_rows(named=True))

    other_tables = {}
    for s in spec.other_presets:
        prefix = f"{OTHER}/{strength_label(s.player)}/"
        runs = {n: r for n, r in exp.runs.items() if n.startswith(prefix)}
        if runs:
            other_tables[s.player] = seats.spread_table(seats.seat_players(runs), characters)[0]
    out = []
    for p in sorted(table["players"].unique().to_list()):
        own = spread(rows_at(table, p), spec.preset, p)
        others = [spread(r, q, p) for q, t in other_tables.items() if (r := rows_at(t, p))]
        out.append(
            skilled_play(
                own,
                others,
                axis.ranked(p) if axis is not None else None,
                (lambda a, b, p=p: axis.decided_above(a, b, p)) if axis is not None else None,
                spec.tolerance,
            )
        )
    return out


def _position_name(r: dict[str, Any]) -> str:
    return "the start player" if r["position"] == 0 else f"turn position {r['position']}"


def _turn_positions(
    sec: Section, players: pl.DataFrame, labels: dict[str, dict[str, Label]]
) -> pl.DataFrame:
    """Goa: win share by turn position counted from the start player drawn at set-up (G1.6),
    and how often each seat starts; returns the win shares by turn position."""
    by_pos = seats.win_by_turn_position(players)
    sec.tables["win_by_turn_position"] = by_pos
    sec.figures.append(
        (
            "win_by_turn_position",
            C.seat_chart(by_pos, sec.info, "turn position (0 = the start player)", "position"),
        )
    )
    sec.tables["start_player_by_seat"] = (
        players.group_by("players", "seat")
        .agg((pl.col("start_player") == pl.col("seat")).mean().alias("starts"))
        .sort("players", "seat")
    )
    for r in by_pos.iter_rows(named=True):
        row = {"players": r["players"], "position": r["position"]}
        k_after = ("", "the seat after", "the second seat after", "the third seat after")
        what = (
            "the start player"
            if r["position"] == 0
            else f"{k_after[r['position']]} the start player (turn position {r['position']})"
        )
        k = KeyNumber(
            f"{r['players']} players, {what}: win share",
            r["win_share"],
            r["win_low"],
            r["win_high"],
            "%",
            "win_by_turn_position",
            row,
            "win_share",
        )
        sec.numbers.append(k)
        if r["above_fair"] or r["below_fair"]:
            side = "more" if r["above_fair"] else "less"
            gap = KeyNumber(
                f"{r['players']} players, {what}: win share less the fair share",
                r["gap"],
                r["gap_low"],
                r["gap_high"],
                "pp",
                "win_by_turn_position",
                row,
                "gap",
            )
            sec.numbers.append(gap)
            sec.findings.append(
                Finding(
                    f"With {r['players']} players, {what} wins {k.text()} of games, {side} "
                    f"than the fair {pct(r['fair_share'])}% ({gap.text()}; the start player "
                    "is drawn at set-up, G1.6).",
                    gap,
                    labels.get(robustness.position_key(r["players"], r["position"]), {}),
                )
            )
    return by_pos


def off_fair(off: list[str]) -> str:
    if not off:
        return "none off it beyond its interval)."
    return (
        f"{', '.join(off)} off it beyond {'its interval' if len(off) == 1 else 'their intervals'})."
    )


def share_number(
    label: str, r: dict[str, Any], table: str, row: dict[str, Any], gap: bool = False
) -> KeyNumber:
    """A win share (or with ``gap``, the win share less the fair share) of a table row."""
    if gap:
        return KeyNumber(
            f"{label} less the fair share",
            r["gap"],
            r["gap_low"],
            r["gap_high"],
            "pp",
            table,
            row,
            "gap",
        )
    return KeyNumber(
        label, r["win_share"], r["win_low"], r["win_high"], "%", table, row, "win_share"
    )


def _seats_by_preset(
    exp: ExperimentRun,
    sec: Section,
    by_seat: pl.DataFrame,
    bal: pl.DataFrame,
    characters: bool = True,
) -> None:
    """The seat table again with other presets in every seat (the evidence of each seat
    finding's ``skill`` label, beside it)."""
    frames_seat = [by_seat.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    frames_bal = [bal.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    for s in exp.spec.other_presets:
        prefix = f"{OTHER}/{strength_label(s.player)}/"
        runs = {n: r for n, r in exp.runs.items() if n.startswith(prefix)}
        if not runs:
            continue
        players = seats.seat_players(runs)
        b = seats.win_by_seat(players, characters)
        frames_seat.append(b.with_columns(pl.lit(s.player).alias("preset")))
        frames_bal.append(
            seats.balance_index(b)
            .join(seats.balance_interval(players, exp.spec.seed), on="players")
            .with_columns(pl.lit(s.player).alias("preset"))
        )
    sec.tables["win_by_seat_by_preset"] = pl.concat(frames_seat, how="diagonal_relaxed")
    sec.tables["balance_index_by_preset"] = pl.concat(frames_bal, how="diagonal_relaxed")
    _measures_by_level(exp, sec)


def _measures_by_level(exp: ExperimentRun, sec: Section) -> None:
    """How close and how long games are with identical players at each level (the seats runs
    of the spec's preset and of each other player in every seat), ordered by rating."""
    own = [f"{p}p" for p in exp.spec.player_counts]
    levels = {exp.spec.preset: {n: exp.runs[n] for n in own if n in exp.runs}}
    for s in exp.spec.other_presets:
        prefix = f"{OTHER}/{strength_label(s.player)}/"
        runs = {n: r for n, r in exp.runs.items() if n.startswith(prefix)}
        if runs:
            levels[s.player] = runs
    rng = np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 31]))
    table = measures.level_measures(levels, rng)
    axis = exp.axis
    rating = {
        (p, c): (r.rating if (r := axis.rating(p, c)) is not None else None) if axis else None
        for p, c in table.select("player", "players").unique().iter_rows()
    }
    table = table.with_columns(
        pl.struct("player", "players")
        .map_elements(lambda x: rating[(x["player"], x["players"])], return_dtype=pl.Float64)
        .alias("rating")
    ).sort("players", "measure", "rating", "player", nulls_last=True)
    sec.tables["measures_by_level"] = table
    deal = luck.deal_share_by_level(
        levels, np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 41]))
    )
    if not deal.is_empty():
        sec.tables["deal_share_by_level"] = deal
        own = deal.filter(pl.col("player") == exp.spec.preset)
        sec.findings += luck.deal_share_sentences(own)
        sec.figures.append(
            ("deal_share", LC.deal_share_chart(deal, sec.info, player=exp.spec.preset))
        )
    for count in sorted(table["players"].unique().to_list()):
        rows = table.filter((pl.col("players") == count) & (pl.col("measure") == "margin"))
        close = table.filter((pl.col("players") == count) & (pl.col("measure") == "close"))
        parts = [
            f"{r['player']} {plain_ci(r['value'], r['low'], r['high'])} VP "
            f"({pct(c['value'])}% within {measures.CLOSE_MARGIN} VP, {r['games']:,} games)"
            for r, c in zip(rows.iter_rows(named=True), close.iter_rows(named=True), strict=True)
        ]
        sec.findings.append(
            f"With {count} identical players in every seat, the winner's margin over the "
            f"runner-up (weakest level first): {'; '.join(parts)}."
        )
    sec.notes.append(
        "Designer measures at each level (table measures_by_level): identical players in every "
        "seat, the winner's margin, close games, shared wins, the winning score and decisions "
        "per player"
        + (
            ", and lead changes from the scores after each round"
            if "lead_changes" in table["measure"].to_list()
            else ""
        )
        + "; 95% intervals from a bootstrap over deals."
    )
