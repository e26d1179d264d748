"""Vasco da Gama's own report sections: bidding for early numbers, port choice, character
value and the designer measures, and what a sweep reports besides the win shares (ships sent
to each landing). The game-free sections and their helpers are in :mod:`vdgsim.report.sections`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    matchups,
    measures,
    paired,
    seats,
    sensitivity,
)
from vdgsim.analysis.common import (
    RunInfo,
    one_rotation,
    pct,
    pct_ci,
    pp_ci,
)
from vdgsim.analysis.experiment import (
    BASELINE,
    ExperimentRun,
    arm_restriction,
)
from vdgsim.games.vasco.analysis import bidding, characters, ports
from vdgsim.games.vasco.analysis import charts as VC
from vdgsim.games.vasco.analysis import ships as ship_fates_mod
from vdgsim.games.vasco.vocabulary import LANDING_KEYS, LANDING_NAMES, Area
from vdgsim.report.findings import ONE_ROTATION, KeyNumber, Section, baseline_info, vp_ci
from vdgsim.report.sections.matchups import ahead_number
from vdgsim.report.sections.paired import paired_core


def bidding_section(exp: ExperimentRun, sec: Section) -> None:
    """F distribution, observed bidding by Area and distance, and the value of early numbers."""
    comps = exp.spec.components()
    exact = bidding.free_number_table(comps)
    sim = bidding.simulate_free_numbers(comps, 50_000, exp.spec.seed)
    check = bidding.compare_with_simulation(exact, sim)
    sec.tables["free_number_exact"] = exact
    sec.tables["free_number_check"] = check
    f_info = RunInfo(0, (exp.spec.seed,), sec.info.version, sec.info.digest)
    sec.figures.append(("free_number_round1", C.free_number_chart(exact, f_info, 1)))
    sec.figures.append(
        (
            "free_number_check",
            C.free_number_check_chart(
                check, RunInfo(50_000, (exp.spec.seed,), sec.info.version, sec.info.digest)
            ),
        )
    )
    z = ((check["simulated"] - check["probability"]).abs() / check["se"].clip(1e-12)).max()
    max_dev = float((check["simulated"] - check["probability"]).abs().max())
    sec.findings.append(
        f"The exact distribution of F agrees with 50,000 simulated tile shuffles: largest "
        f"difference {100 * max_dev:.2f} pp ({z:.1f} standard errors over "
        f"{check.height} cells)."
    )
    r1 = exact.filter(pl.col("round") == 1)
    for initial in (4, 8, 12):
        s = r1.filter(pl.col("initial") == initial)
        if s.height:
            p_up = float(s.filter(pl.col("F") >= initial)["probability"].sum())
            sec.findings.append(
                f"Round 1 with Initial Number {initial} showing: F ranges "
                f"{s['F'].min()}..{s['F'].max()}, expected {s['mean_F'][0]:.2f}; "
                f"P(F >= {initial}) = {pct(p_up)}%."
            )
    dec = exp.runs[BASELINE].decisions
    if dec is not None and dec.height:
        acts = bidding.act_rows(dec, comps)
        by_d = bidding.observed_by_distance(acts)
        by_a = bidding.observed_by_area(acts)
        sec.tables["observed_by_distance"] = by_d
        sec.tables["observed_by_area"] = by_a
        dec_info = baseline_info(sec, exp.runs[BASELINE].games, "the baseline run")
        sec.figures.append(("taken_by_distance", VC.taken_chart(by_d, dec_info)))
        sec.figures.append(("performed_by_distance", VC.distance_chart(by_d, dec_info)))
        for r in by_a.iter_rows(named=True):
            k = KeyNumber(
                f"{r['area_name']}: share of numbers taken early (n < F)",
                r["early_share"],
                None,
                None,
                "%",
                "observed_by_area",
                {"area": r["area"]},
                "early_share",
            )
            sec.numbers.append(k)
            sec.findings.append(
                f"{r['area_name']}: {r['taken_per_game']:.2f} numbers taken per game, "
                f"{k.text()} of them early; {pct(r['perform_share'])}% performed, "
                f"{pct(r['paid_share'])}% paid a right-to-act cost "
                f"(mean {r['mean_cost_paid'] or 0:.2f} Reals when paid)"
                + (
                    f"; a performed act took {r['mean_items']:.2f} "
                    + ("projects" if r["area"] == Area.PURCHASE else "sailors and captains")
                    + " on average."
                    if r["area"] in (Area.RECRUITING, Area.PURCHASE) and r["mean_items"] is not None
                    else "."
                )
            )
    paired_core(exp, sec, "player")


def _landing_interventions(exp: ExperimentRun, eff: pl.DataFrame) -> dict[str, dict[str, Any]]:
    """Landing key -> the paired effect of the arm that never sends ships to that landing
    alone (``never_landings=<key>``), for the arms the spec has."""
    out = {}
    for a in exp.spec.arms:
        r = arm_restriction(exp.spec, a)
        if r is not None and r.startswith("never_landings=") and "/" not in r:
            out[r.split("=", 1)[1]] = eff.filter(pl.col("arm") == a.name).row(0, named=True)
    return out


def ports_section(exp: ExperimentRun, sec: Section) -> None:
    """Landing facts and use, per round, association, and restricted play."""
    comps = exp.spec.components()
    sec.tables["landing_facts"] = ports.landing_facts(comps)
    base = exp.runs[BASELINE]
    base_players = one_rotation(base)
    use = ports.landing_use(base_players, by=None)
    sec.tables["landing_use"] = use
    sec.tables["landing_association"] = ports.landing_association(base_players)
    base_info = baseline_info(sec, base_players, ONE_ROTATION)
    sec.figures.append(("landing_use", VC.landing_use_chart(use, base_info, by="")))
    if base.decisions is not None and base.decisions.height:
        sec.tables["ships_by_round"] = ports.ships_by_round(base.decisions, comps)
    eff = paired.arm_effects(exp)
    avoided = _landing_interventions(exp, eff)
    ships_t = ship_fates_mod.run_ships(base)
    fates = ship_fates_mod.ship_fates(ships_t)
    summ = ship_fates_mod.landing_summary(ships_t)
    sec.tables["ship_fates"] = fates
    sec.tables["ship_summary"] = summ
    sec.figures.append(("ship_value", VC.ship_value_chart(fates, base_info)))
    sec.figures.append(("ship_fate", C.ship_fate_chart(summ, base_info)))
    for r in summ.iter_rows(named=True):
        k = KeyNumber(
            f"{r['landing_name']}: VP per ship sent (slot + afterwards)",
            r["vp_per_ship"],
            r["vp_per_ship_low"],
            r["vp_per_ship_high"],
            "VP",
            "ship_summary",
            {"landing": r["landing"]},
            "vp_per_ship",
        )
        sec.numbers.append(k)
        avoid = avoided.get(LANDING_KEYS[r["landing"]])
        sec.findings.append(
            "Accounting, not a causal value (what the ships the baseline players chose to send "
            f"earned): a ship sent to {r['landing_name']} ({r['ships_per_game']:.2f} per game) "
            "scores "
            f"{r['slot_vp']:.2f} slot VP and {r['vp_afterwards']:.2f} VP afterwards "
            f"(income {r['income_vp']:.2f}, completion {r['completion_vp']:.2f}; "
            f"{r['vp_after_moving']:.2f} of it after moving up): "
            f"{k.text()}; "
            f"its landing completes for {pct(r['completes'])}% of ships, "
            f"{pct(r['removed'])}% are removed from the game."
            + (
                " The causal value is the intervention: never sending ships there changes the "
                f"player's score by {vp_ci(avoid['vp_diff'], avoid['vp_low'], avoid['vp_high'])}"
                " and its win share by "
                f"{pp_ci(avoid['win_share_diff'], avoid['win_share_low'], avoid['win_share_high'])}"
                " pp."
                if avoid is not None
                else ""
            )
        )
    if avoided:
        by_ship = [
            LANDING_NAMES[r["landing"]]
            for r in summ.sort("vp_per_ship", descending=True).iter_rows(named=True)
            if LANDING_KEYS[r["landing"]] in avoided
        ]
        by_cost = [
            LANDING_NAMES[LANDING_KEYS.index(k)]
            for k, _ in sorted(avoided.items(), key=lambda kv: kv[1]["vp_diff"])
        ]
        sec.findings.append(
            "Ranked by VP per ship sent (accounting): "
            + " > ".join(by_ship)
            + "; ranked by what never sending ships there costs (intervention, VP): "
            + " > ".join(by_cost)
            + (
                ". The two agree."
                if by_ship == by_cost
                else ". They differ: read the interventions for what a landing is worth."
            )
        )
    sec.notes.append(
        "Ship fates come from the baseline run's ships table "
        f"({base_players['game'].n_unique():,} games; one rotation per deal when all players "
        "are identical), which the runner reads "
        "from each game's event log; its slot, income and completion VP equal the run's "
        "players table."
    )
    top = use.sort("ships_per_game").row(-1, named=True)
    sec.findings.append(
        f"Unrestricted players send the most ships to {top['landing']} "
        f"({top['ships_per_game']:.2f} per player per game)."
    )
    sec.notes.append("The landing association table is correlational (who sends ships where).")
    paired_core(exp, sec, "player", eff)


def characters_section(exp: ExperimentRun, sec: Section) -> None:
    """Holding per round, holders' results, and never/always host."""
    base = one_rotation(exp.runs[BASELINE])
    hold = characters.holding(base)
    sec.tables["holding"] = hold
    sec.tables["holder_results"] = characters.holder_results(base)
    sec.tables["changes_of_hands"] = characters.changes_of_hands(base)
    sec.figures.append(("holding", VC.holding_chart(hold, baseline_info(sec, base, ONE_ROTATION))))
    p = int(exp.runs[BASELINE].manifest["run"]["players"])
    dealt = seats.win_by_seat(base.with_columns(pl.lit(p, dtype=pl.Int8).alias("players")))
    sec.tables["dealt_character"] = dealt
    for r in dealt.iter_rows(named=True):
        k = KeyNumber(
            f"seat {r['seat']} (dealt {r['dealt_character']}): win share",
            r["win_share"],
            r["win_low"],
            r["win_high"],
            "%",
            "dealt_character",
            {"seat": r["seat"]},
            "win_share",
        )
        sec.numbers.append(k)
    # each seat's share is a seat gap: the seats section and the verdict state it, not this one
    sec.notes.append(
        f"Key numbers: each seat's win share in the baseline's {p}-player games between "
        "identical players, by the character it is dealt (seat order and dealt character go "
        "together, R1.3); the seat balance itself is judged in the verdict and the seats "
        "section."
    )
    paired_core(exp, sec, "player")
    sec.notes.append(
        "'Always hosts X' is a mandate: whenever one of the player's Characters numbers is "
        "called and X can be hosted, the player hosts X (paying any right-to-act cost) instead "
        "of taking Reals, hosting another character or giving up. Its large losses measure "
        "that rigidity, not the character alone; 'never hosts X' is the cleaner value."
    )


# --- designer measures ------------------------------------------------------------------------
def _measure_number(summary: pl.DataFrame, players: int, measure: str, label: str) -> KeyNumber:
    r = summary.filter((pl.col("players") == players) & (pl.col("measure") == measure)).row(
        0, named=True
    )
    unit = "%" if r["unit"] == "share" else ""
    return KeyNumber(
        f"{players} players: {label}",
        r["value"],
        r["low"],
        r["high"],
        unit,
        "measures",
        {"players": players, "measure": measure},
        "value",
    )


def _count_info(
    info: RunInfo, per_game: pl.DataFrame, manifests: list[dict[str, Any]], players: int
) -> RunInfo:
    """The provenance of a chart of one player count: that count's games and line-ups."""
    return replace(
        info,
        games=per_game.filter(pl.col("players") == players).height,
        about=measures.describe_runs(manifests, players),
    )


def measures_section(exp: ExperimentRun, sec: Section) -> None:
    """Margins and close games, score trajectories, lead changes and how early games are
    decided, decisions and branching factor per game, head to head at every player count,
    convergence."""
    manifests = exp.manifests()
    sec.info = replace(sec.info, about=measures.describe_runs(manifests))
    games, players = measures.stack_runs(exp.runs)
    per_game = measures.per_game(players, games)
    rng = np.random.default_rng(exp.spec.seed)
    summary = measures.measure_summary(per_game, rng)
    dist = measures.margin_distribution(per_game)
    traj = measures.trajectories(players, games, rng)
    sec.tables["measures"] = summary
    sec.tables["margins"] = dist
    sec.tables["trajectories"] = traj
    sec.figures.append(("margins", C.margin_chart(dist, sec.info, measures.CLOSE_MARGIN)))
    sec.figures.append(("trajectories", C.trajectory_chart(traj, sec.info)))
    sec.figures.append(("decisiveness", C.decisiveness_chart(summary, sec.info)))
    counts = sorted(per_game["players"].unique())
    for p in counts:
        nums = {
            m: _measure_number(summary, p, m, label)
            for m, label in (
                ("margin", "mean winning margin (VP)"),
                ("close", f"games decided by {measures.CLOSE_MARGIN} VP or less"),
                ("vp_tie", "games tied on VP at the top"),
                ("shared_win", "games with a shared win"),
                ("lead_changes", "lead changes per game"),
                ("lead_change_final", "winner is not the leader after round 5"),
                ("decisions", "decisions per game"),
                ("decisions_per_player", "decisions per player per game"),
                ("branching", "legal actions per decision"),
                ("forced", "decisions with a single legal action"),
                *((f"leader_wins_r{k}", f"the leader after round {k} wins") for k in range(1, 5)),
            )
        }
        sec.numbers += list(nums.values())
        sec.findings.append(
            f"{p} players: the winner is ahead of the runner-up by {nums['margin'].text()} VP "
            f"on average; {nums['close'].text()} of games are decided by "
            f"{measures.CLOSE_MARGIN} VP or less, {nums['vp_tie'].text()} end tied on VP at the "
            f"top and {nums['shared_win'].text()} in a shared win after the tie-breaks."
        )
        sec.findings.append(
            f"{p} players: the lead changes {nums['lead_changes'].text()} times per game "
            f"(from round 1 to the final result); the winner is not the leader after round 5 "
            f"in {nums['lead_change_final'].text()} of games. The leader after rounds 1-4 wins "
            + ", ".join(nums[f"leader_wins_r{k}"].text() for k in range(1, 5))
            + f" of games (a player picked at random: {pct(1 / p)}%)."
        )
        sec.findings.append(
            f"{p} players: {nums['decisions'].text()} decisions per game "
            f"({nums['decisions_per_player'].text()} per player), with "
            f"{nums['branching'].text()} legal actions per decision on average (the branching "
            f"factor); {nums['forced'].text()} of decisions have a single legal action."
        )
    with_counts = players.join(games.select("run", "game", "players"), on=["run", "game"])
    several = players["strategy"].n_unique() > 1
    if several:
        ahead = matchups.ahead_matrix(with_counts)
        sec.tables["head_to_head"] = ahead
        for p in counts:
            m = ahead.filter(pl.col("players") == p)
            info_p = _count_info(sec.info, per_game, manifests, p)
            title = f"{p} players: row finishes ahead of column (%, [Wilson 95%])"
            sec.figures.append((f"head_to_head_{p}p", C.matchup_chart(m, info_p, title)))
            sec.numbers += [ahead_number(r, p) for r in m.iter_rows(named=True)]
    # identical players: whether a seat's advantage has settled is the question instead
    by = "strategy" if several else "seat"
    conv = measures.convergence(players, games, by=by)
    sec.tables["convergence"] = conv
    for p in counts:
        c = conv.filter(pl.col("players") == p)
        info_p = _count_info(sec.info, per_game, manifests, p)
        sec.figures.append((f"convergence_{p}p", C.convergence_chart(c, info_p, by)))
        last = c.filter(pl.col("games") == c["games"].max())
        sec.findings.append(
            f"{p} players, after all {last['games'][0]:,} games: "
            + ", ".join(
                f"{r[by]} {pct_ci(r['win_share'], r['win_low'], r['win_high'])}"
                for r in last.sort(by).iter_rows(named=True)
            )
            + f" (fair {pct(1 / p)}%)."
        )
    sec.notes.append(
        "Games: " + sec.info.about + ". Every measure is given per player count; n for each "
        "count is in the measures table (games, deals). Intervals of the measures and "
        "trajectories are 95% percentile bootstrap intervals that resample whole deals (the "
        "rotations and line-ups played on one seed), win shares and head-to-head shares carry "
        "Wilson intervals that count the rotations of a deal as separate games."
    )
    sec.notes.append(
        "VP after a round are recorded by the runner (players table vp_r1 ... vp_r5) and "
        "exclude the end-game scoring; a tie for the lead counts each tied leader with equal "
        "weight, and a shared win as its win share. Head to head, a shared rank counts as "
        "half a finish ahead. The branching factor is each game's legal actions summed over "
        "its decisions divided by its decisions (games table options / decisions), averaged "
        "over games; it depends on the players, whose choices lead to the positions."
    )


def sweep_response(
    exp: ExperimentRun,
    sec: Section,
    players: pl.DataFrame,
    per_value: RunInfo,
    key: str,
    lo_v: Any,
    hi_v: Any,
) -> list[str]:
    """Ships sent to each landing against the swept value (a table and a chart), and for a
    landing's own number the change in ships sent there (a finding)."""
    land = sensitivity.landing_response(players)
    sec.tables["landing_response"] = land
    sec.figures.append(("landings", VC.landing_response_chart(land, per_value, key)))
    parts = key.split(".")
    if parts[0] != "landings" or len(parts) < 2 or parts[1] not in LANDING_KEYS:
        return []
    landing = LANDING_NAMES[LANDING_KEYS.index(parts[1])]
    c0 = land.filter((pl.col("value") == str(lo_v)) & (pl.col("landing") == landing))
    c1 = land.filter((pl.col("value") == str(hi_v)) & (pl.col("landing") == landing))
    if not (c0.height and c1.height):
        return []
    return [
        f"Ships sent to {landing} per player per game: "
        f"{c0['ships'][0]:.2f} -> {c1['ships'][0]:.2f}."
    ]


SECTION_FUNCTIONS: dict[str, Callable[[ExperimentRun, Section], None]] = {
    "bidding": bidding_section,
    "ports": ports_section,
    "characters": characters_section,
    "measures": measures_section,
}
