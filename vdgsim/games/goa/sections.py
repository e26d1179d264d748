"""Goa's own report sections (the sections both games share are in :mod:`.sections`).

``lots``: what each kind of auction lot sells for (the baseline run's auctions table) beside
what it is worth to the player: one arm per lot category in which the focus player never bids
for that kind of lot nor buys it back as its owner (``default+never_lot=<group>``, the groups
of the auctions table's ``lot_group``), on the same deals as the baseline. An arm is named after its
lot group, so prices and worth meet in one table.
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from vdgsim.analysis.common import pct
from vdgsim.analysis.experiment import BASELINE, ExperimentRun
from vdgsim.games.goa import lot_analysis
from vdgsim.report.findings import KeyNumber, Section, baseline_info
from vdgsim.report.sections.paired import paired_core

GROUP = "lot_group"  # the auctions table's lot kinds, the keys of the lot_weight parameter


def _price_number(r: dict, players: int) -> KeyNumber:
    return KeyNumber(
        f"{players} players, {r[GROUP]}: mean price",
        r["mean_price"],
        r["price_low"],
        r["price_high"],
        "ducats",
        "lot_prices",
        {"players": players, GROUP: r[GROUP]},
        "mean_price",
    )


def lots_section(exp: ExperimentRun, sec: Section) -> None:
    """Prices by lot category, the buyers' win share (an association), and the paired worth
    of each category to the focus player."""
    base = exp.runs[BASELINE]
    auctions = base.auctions
    if auctions is None:
        raise ValueError(f"{exp.spec.name}: the baseline run has no auctions table")
    players = int(base.manifest["run"]["players"])
    prices = lot_analysis.lot_prices(auctions, by=GROUP)
    sec.tables["lot_prices"] = prices
    sec.tables["lot_prices_by_kind"] = lot_analysis.lot_prices(auctions, by="category")
    sec.tables["buyer_win_share"] = lot_analysis.buyer_win_share(auctions, base.players, by=GROUP)
    info = baseline_info(sec, base.games, "the baseline run: every lot of every game")
    sec.figures.append(("lot_prices", lot_analysis.lot_price_chart(prices, info, GROUP)))
    eff = paired_core(exp, sec, "player")
    worth = (
        prices.filter(pl.col("players") == players)
        .join(
            eff.select(
                pl.col("arm").alias(GROUP),
                "label",
                (-pl.col("win_share_diff")).alias("worth"),
                (-pl.col("win_share_high")).alias("worth_low"),
                (-pl.col("win_share_low")).alias("worth_high"),
            ),
            on=GROUP,
            how="left",
        )
        .sort("mean_price", descending=True)
    )
    sec.tables["price_and_worth"] = worth
    for r in worth.iter_rows(named=True):
        price = _price_number(r, players)
        sec.numbers.append(price)
        kept = f"; its owner keeps {pct(r['kept_share'])}%" if r[GROUP] != "flag" else ""
        article = "an" if r[GROUP][0] in "aeiou" else "a"
        what = "the Flag" if r[GROUP] == "flag" else f"{article} {r[GROUP]} lot"
        # its worth is its arm's finding above (and the price_and_worth table): not restated
        sec.findings.append(
            f"With {players} players {what} sells for {price.text()} "
            f"({r['lots_per_game']:.2f} a game{kept})."
        )
    sec.notes.append(
        "Prices are means over every lot of the baseline run with 95% intervals clustered by "
        "game (lots of one game are not independent). The buyers' win share "
        "(table buyer_win_share) is an association: a seat that is ahead can afford more lots, "
        "so it is not a lot's worth; the worth is the paired arm's effect, the win share a "
        "player loses when it never bids for that kind of lot nor buys it back as its owner "
        "(it still sells such a lot, and takes it free when nobody bids), against the same "
        "player on the same deals; table price_and_worth puts each price beside that worth."
    )


GOA_SECTION_FUNCTIONS: dict[str, Callable[[ExperimentRun, Section], None]] = {
    "lots": lots_section,
}
