"""Vasco da Gama's part of the seats section: the seats again with the characters dealt at
random, which splits each rulebook seat's gap into its turn order and its character."""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis import (
    robustness,
    seats,
)
from vdgsim.analysis.common import (
    pct,
    pct_ci,
    pp,
    pp_ci,
)
from vdgsim.analysis.experiment import (
    DEAL,
    OTHER,
    ExperimentRun,
    strength_label,
)
from vdgsim.analysis.robustness import Label
from vdgsim.report.findings import Finding, KeyNumber, Section
from vdgsim.report.sections.robust import label_rows
from vdgsim.report.sections.seats import off_fair, share_number


def random_deal_seats(
    exp: ExperimentRun,
    sec: Section,
    by_seat: pl.DataFrame,
    rule_labels: dict[str, dict[str, Label]],
) -> None:
    """The seats again with the characters dealt at random (``setup.character_deal = random``):
    win share by seat averaged over characters, by character averaged over seats, and each
    rulebook seat's gap split into the two. A split is only as sure as the gap it splits: it
    takes the rulebook seat's ``skill`` label (``rule_labels``) when that one does not keep
    its verdict at the strongest level."""
    top = f"{DEAL}/random/"
    if not any(n.startswith(top) for n in exp.runs):
        return
    runs = {
        n: r for n, r in exp.runs.items() if n.startswith(top) and not n.startswith(top + OTHER)
    }
    players = seats.seat_players(runs)
    v_seat = seats.win_by_seat(players)
    v_char = seats.win_by_character(players)
    split = seats.seat_character_split(by_seat, v_seat, v_char)
    by_preset = _splits_by_preset(exp, split, top)
    several = by_preset["preset"].n_unique() > 1
    if several:
        sec.tables["seat_character_split_by_preset"] = by_preset
    sec.tables["win_by_seat_random_deal"] = v_seat
    sec.tables["win_by_character_random_deal"] = v_char
    sec.tables["win_by_seat_and_character_random_deal"] = seats.win_by_seat_and_character(players)
    sec.tables["seat_character_split"] = split
    seat_labels, char_labels = _deal_labels(exp, sec)
    for p in sorted(v_seat["players"].unique().to_list()):
        games = int(players.filter(pl.col("players") == p)["game"].n_unique())
        _share_findings(exp, sec, p, games, v_seat, v_char, seat_labels, char_labels)
        _split_findings(exp, sec, p, split, by_preset, char_labels, rule_labels)
    _skilled_characters(exp, sec, top)
    _notes(exp, sec, sum(int(r.manifest["counts"]["games"]) for r in runs.values()), several)


SKILLED_TABLE = "win_by_character_random_deal_skilled"
"""Win share by dealt character at each count with the strongest level that played the
random deal: the characters' effects the verdict ranks when it has them."""


def _skilled_characters(exp: ExperimentRun, sec: Section, top: str) -> None:
    """At each count, the characters' win shares with the strongest level of the skill axis,
    above the spec's own player, that played the random deal in every seat (table
    :data:`SKILLED_TABLE`, one finding quoting the character farthest from fair)."""
    axis = exp.axis
    if axis is None:
        return
    tables = []
    for p in exp.spec.player_counts:
        order = axis.ranked(p)
        above = order[: order.index(exp.spec.preset)] if exp.spec.preset in order else order
        for player in above:
            name = f"{top}{OTHER}/{strength_label(player)}/{p}p"
            if name in exp.runs:
                runs = {name: exp.runs[name]}
                t = seats.win_by_character(seats.seat_players(runs))
                tables.append(t.with_columns(pl.lit(player).alias("preset")))
                _skilled_finding(sec, p, player, axis.describe(player, p), t, runs)
                break
    if tables:
        sec.tables[SKILLED_TABLE] = pl.concat(tables, how="diagonal_relaxed")


def _skilled_finding(
    sec: Section, p: int, player: str, level: str, t: pl.DataFrame, runs: dict[str, Any]
) -> None:
    rows = list(t.iter_rows(named=True))
    games = sum(int(r.manifest["counts"]["games"]) for r in runs.values())
    nums = [
        share_number(
            f"{p} players, characters dealt at random, {player} in every seat, "
            f"{r['dealt_character']}'s holder: win share",
            r,
            SKILLED_TABLE,
            {"players": p, "preset": player, "dealt_character": r["dealt_character"]},
        )
        for r in rows
    ]
    far = max(rows, key=lambda r: abs(r["gap"]))
    gap = share_number(
        f"{p} players, characters dealt at random, {player} in every seat, "
        f"{far['dealt_character']}'s holder: win share",
        far,
        SKILLED_TABLE,
        {"players": p, "preset": player, "dealt_character": far["dealt_character"]},
        gap=True,
    )
    sec.numbers += [*nums, gap]
    fair = pct(1 / p)
    off = [r["dealt_character"] for r in rows if r["above_fair"] or r["below_fair"]]
    sec.findings.append(
        Finding(
            f"With {p} players and the characters dealt at random, {level} in every seat "
            f"({games:,} games, the strongest level that played this deal), win share by "
            "dealt character averaged over seats: "
            + "; ".join(
                f"{r['dealt_character']} {k.text()}" for r, k in zip(rows, nums, strict=True)
            )
            + f" (fair {fair}%; "
            + off_fair(off),
            gap,
            short=f"With {p} players and the characters dealt at random ({player} in every "
            f"seat, {games:,} games), {far['dealt_character']}'s holder is {gap.text()} from "
            f"the fair {fair}% win share, averaged over seats.",
        )
    )


def _splits_by_preset(exp: ExperimentRun, split: pl.DataFrame, top: str) -> pl.DataFrame:
    """The split with the spec's preset and with each other preset that played both deals in
    every seat: does it depend on the player?"""
    splits = [split.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    for s in exp.spec.other_presets:
        label = strength_label(s.player)
        rule = {n: r for n, r in exp.runs.items() if n.startswith(f"{OTHER}/{label}/")}
        deal = {n: r for n, r in exp.runs.items() if n.startswith(f"{top}{OTHER}/{label}/")}
        if rule and deal:
            o = seats.seat_players(deal)
            splits.append(
                seats.seat_character_split(
                    seats.win_by_seat(seats.seat_players(rule)),
                    seats.win_by_seat(o),
                    seats.win_by_character(o),
                ).with_columns(pl.lit(s.player).alias("preset"))
            )
    return pl.concat(splits, how="diagonal_relaxed")


def _deal_labels(
    exp: ExperimentRun, sec: Section
) -> tuple[dict[str, dict[str, Label]], dict[str, dict[str, Label]]]:
    """The robustness labels of the seats and of the characters dealt at random, added to the
    section's robustness table beside the rulebook seats' rows."""
    seat_labels = robustness.seats_labels(exp, "random")
    char_labels = robustness.seats_labels(exp, "random", by="character")
    if seat_labels or char_labels:  # beside the rulebook seats' rows
        deal_rows = label_rows(
            {f"random deal, {k}": v for k, v in (seat_labels | char_labels).items()}, "finding"
        )
        old = sec.tables.get("robustness")
        sec.tables["robustness"] = deal_rows if old is None else pl.concat([old, deal_rows])
    return seat_labels, char_labels


def _share_findings(
    exp: ExperimentRun,
    sec: Section,
    p: int,
    games: int,
    v_seat: pl.DataFrame,
    v_char: pl.DataFrame,
    seat_labels: dict[str, dict[str, Label]],
    char_labels: dict[str, dict[str, Label]],
) -> None:
    """At ``p`` players: win share by seat averaged over characters, and by dealt character
    averaged over seats, each quoted by the one farthest from fair."""
    who = exp.spec.preset
    seat_nums = [
        share_number(
            f"{p} players, characters dealt at random, seat {r['seat']}: win share",
            r,
            "win_by_seat_random_deal",
            {"players": p, "seat": r["seat"]},
        )
        for r in v_seat.filter(pl.col("players") == p).iter_rows(named=True)
    ]
    char_rows = list(v_char.filter(pl.col("players") == p).iter_rows(named=True))
    char_nums = [
        share_number(
            f"{p} players, characters dealt at random, {r['dealt_character']}'s holder: win share",
            r,
            "win_by_character_random_deal",
            {"players": p, "dealt_character": r["dealt_character"]},
        )
        for r in char_rows
    ]
    sec.numbers += seat_nums + char_nums
    fair = pct(1 / p)
    seat_rows = list(v_seat.filter(pl.col("players") == p).iter_rows(named=True))
    far_seat = max(seat_rows, key=lambda r: abs(r["gap"]))
    far_char = max(char_rows, key=lambda r: abs(r["gap"]))
    # the finding quotes, and is labelled by, the seat (character) farthest from fair
    far_seat_gap = share_number(
        f"{p} players, characters dealt at random, seat {far_seat['seat']}: win share",
        far_seat,
        "win_by_seat_random_deal",
        {"players": p, "seat": far_seat["seat"]},
        gap=True,
    )
    far_char_gap = share_number(
        f"{p} players, characters dealt at random, {far_char['dealt_character']}'s holder: "
        "win share",
        far_char,
        "win_by_character_random_deal",
        {"players": p, "dealt_character": far_char["dealt_character"]},
        gap=True,
    )
    sec.numbers += [far_seat_gap, far_char_gap]
    off = [r for r in seat_rows if r["above_fair"] or r["below_fair"]]
    sec.findings.append(
        Finding(
            f"With {p} players and the characters dealt at random ({games:,} games, {who} "
            f"in every seat), win share by seat averaged over characters: "
            + "; ".join(
                f"seat {r['seat']} {k.text()}" for r, k in zip(seat_rows, seat_nums, strict=True)
            )
            + f" (fair {fair}%; "
            + off_fair([f"seat {r['seat']}" for r in off]),
            far_seat_gap,
            seat_labels.get(robustness.seat_key(p, far_seat["seat"]), {}),
        )
    )
    off = [r for r in char_rows if r["above_fair"] or r["below_fair"]]
    sec.findings.append(
        Finding(
            f"With {p} players and the characters dealt at random, win share by dealt "
            "character averaged over seats: "
            + "; ".join(
                f"{r['dealt_character']} {k.text()}"
                for r, k in zip(char_rows, char_nums, strict=True)
            )
            + f" (fair {fair}%; "
            + off_fair([r["dealt_character"] for r in off]),
            far_char_gap,
            char_labels.get(robustness.character_key(p, far_char["dealt_character"]), {}),
            short=f"With {p} players and the characters dealt at random ({who} in every "
            f"seat), {far_char['dealt_character']}'s holder is {far_char_gap.text()} from "
            f"the fair {fair}% win share, averaged over seats.",
        )
    )


def _split_findings(
    exp: ExperimentRun,
    sec: Section,
    p: int,
    split: pl.DataFrame,
    by_preset: pl.DataFrame,
    char_labels: dict[str, dict[str, Label]],
    rule_labels: dict[str, dict[str, Label]],
) -> None:
    """At ``p`` players: each rulebook seat's gap split into its seat's part and its
    character's part."""
    who = exp.spec.preset
    fair = pct(1 / p)
    rows = list(split.filter(pl.col("players") == p).iter_rows(named=True))
    gapped = [
        r
        for r in rows
        if r["rulebook_low"] > r["fair_share"] or r["rulebook_high"] < r["fair_share"]
    ]
    if not gapped:
        sec.findings.append(
            f"With {p} players no rulebook seat's win share differs from the fair {fair}% "
            "beyond its interval, so there is no seat imbalance to split into seat and "
            "character."
        )
    for r in gapped:
        part = KeyNumber(
            f"{p} players, rulebook seat {r['seat']}: the character's part of its gap",
            r["character_part"],
            r["character_part_low"],
            r["character_part_high"],
            "pp",
            "seat_character_split",
            {"players": p, "seat": r["seat"]},
            "character_part",
        )
        seat_part = KeyNumber(
            f"{p} players, rulebook seat {r['seat']}: the seat's part of its gap",
            r["seat_part"],
            r["seat_part_low"],
            r["seat_part_high"],
            "pp",
            "seat_character_split",
            {"players": p, "seat": r["seat"]},
            "seat_part",
        )
        sec.numbers += [seat_part, part]
        ch = r["dealt_character"]
        labels = dict(char_labels.get(robustness.character_key(p, ch), {}))
        seat_skill = rule_labels.get(robustness.seat_key(p, r["seat"]), {}).get("skill")
        if labels and seat_skill is not None and seat_skill.label not in robustness.AT_SKILL:
            labels["skill"] = Label(
                seat_skill.label,
                f"the rulebook seat's gap: {seat_skill.evidence}",
                seat_skill.which,
                phrase=f"{seat_skill.text()} (the rulebook seat's gap it splits)",
                level=seat_skill.level,
                at=seat_skill.at,
                curve=seat_skill.curve,
            )
        sec.findings.append(
            Finding(
                # the rulebook seat's share and gap are the seat finding's: not restated
                f"With {p} players the gap of the rulebook's seat {r['seat']} (dealt {ch}) "
                f"is {seats.split_verdict(r)}. Dealt at random, seat {r['seat']} wins "
                f"{pct_ci(r['seat_share'], r['seat_low'], r['seat_high'])} "
                f"averaged over characters (the seat's part: {seat_part.text()}) and {ch}'s "
                "holder wins "
                f"{pct_ci(r['character_share'], r['character_low'], r['character_high'])} "
                f"averaged over seats (the character's part: {part.text()}). The two parts "
                f"add to {pp(r['seat_part'] + r['character_part'])} pp; {pp(r['rest'])} pp "
                "is left to their interaction and noise."
                # with labels, the other presets' character parts are the skill label
                + ("" if labels else " " + split_by_preset(by_preset, who, p, r["seat"])),
                part,
                labels,
                short=f"With {p} players the gap of the rulebook's seat {r['seat']} (dealt "
                f"{ch}) is {seats.split_verdict(r)}: the character's part {part.text()}, "
                f"the seat's part {seat_part.text()}.",
            )
        )


def _notes(exp: ExperimentRun, sec: Section, n: int, several: bool) -> None:
    if several:
        sec.notes.append(
            "The split again with other players in every seat (both deals, at most "
            f"{exp.spec.deal_games:,} games each): table seat_character_split_by_preset; each "
            "split finding says whether the character's part holds for them."
        )
    sec.notes.append(
        f"Characters dealt at random (variant setup.character_deal = random, {n:,} games, the "
        "same seeds as the rulebook runs, so each deal differs from its rulebook game only in "
        "who holds which character): the characters R1.3 deals at that player count, to the "
        "seats in a uniformly random order; seat 0 still plays first in round 1 and the Dias "
        "holder takes the 2 VP. A seat's share there is averaged over characters and a "
        "character's over seats, each with its Wilson 95% interval; ties split as elsewhere. "
        "The split of a rulebook seat's gap assumes the two parts add up; the rest is their "
        "interaction (see win_by_seat_and_character_random_deal) and noise."
    )


def split_by_preset(by_preset: pl.DataFrame, preset: str, players: int, seat: int) -> str:
    """The sentence on whether a rulebook seat's split holds for the other presets that played
    both deals (the robustness rule on the character's part), or that none did."""
    rows = list(
        by_preset.filter((pl.col("players") == players) & (pl.col("seat") == seat)).iter_rows(
            named=True
        )
    )
    if len(rows) < 2:
        return f"This is how {preset} plays both deals; another player may split it differently."

    def part(o: dict[str, Any]) -> robustness.Effect:
        se = (o["character_part_high"] - o["character_part_low"]) / (2 * 1.959964)
        lo, hi = o["character_part_low"], o["character_part_high"]
        return robustness.Effect(o["preset"], o["character_part"], lo, hi, se, o["character_n"])

    words = ("holds for every player tested", "depends on the player", "unclear for some player")
    lab = robustness.compare(part(rows[0]), [(o["preset"], part(o)) for o in rows[1:]], words)
    which = f" (see {', '.join(lab.which)})" if lab.which else ""

    def each(key: str) -> str:
        return "; ".join(
            f"{o['preset']} {pp_ci(o[key], o[key + '_low'], o[key + '_high'])}" for o in rows
        )

    return (
        f"With other players in every seat the character's part {lab.label}{which}: "
        f"{each('character_part')} pp; the seat's part: {each('seat_part')} pp."
    )
