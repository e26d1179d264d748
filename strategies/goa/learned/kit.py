"""Goa's learned player as ``vdg distill --game goa`` sees it (:class:`vdgsim.core.linear_policy.
DistillKit`): marker placements, labelled by :mod:`.collect`; refinement by play may move a
preset's marker weights (block ``markers``) or its bid weights (block ``bids``)."""

from __future__ import annotations

from strategies.goa import loop
from strategies.goa import params as P
from strategies.goa.learned import collect
from strategies.goa.learned.model import (
    bid_weights_of,
    heuristic_weights,
    weights_of,
    with_bid_weights,
    with_marker_weights,
    write_bids,
    write_markers,
    write_preset,
)
from strategies.goa.lineup import player_row
from vdgsim.core.linear_policy import DistillKit, RefineBlock

KIT = DistillKit(
    decision="marker placement",
    feature_columns=collect.FEATURE_COLUMNS,
    resolve=player_row,
    kind_column=P.P_KIND,
    heuristic_kind=P.KIND_HEURISTIC,
    learned_kind=P.KIND_LEARNED,
    scripted_kinds=(P.KIND_HEURISTIC, P.KIND_LEARNED, P.KIND_RANDOM),
    weights=(P.LW_FIRST, P.LW_END),
    heuristic_weights=heuristic_weights,
    collect_settings=collect.CollectSettings,
    # looked up when called, so that a test may replace it in its module
    collect_games=lambda *args: collect.collect_games(*args),
    lineup_table=collect.lineup_table,
    play_games=loop.play_games,
    # the marker weights, then the bid weights (written only when the row has any)
    write_preset=write_preset,
    blocks={
        "markers": RefineBlock(
            decision="marker placement",
            weights_of=weights_of,
            with_weights=with_marker_weights,
            sample=collect.marker_sample,
            write_counts=write_markers,
            per_count=False,
        ),
        "bids": RefineBlock(
            decision="bid",
            weights_of=bid_weights_of,
            with_weights=with_bid_weights,
            sample=collect.bid_sample,
            write_counts=write_bids,
            per_count=False,
        ),
    },
)
