"""Goa's learned player as ``vdg distill --game goa`` sees it (:class:`vdgsim.linear_policy.
DistillKit`): marker placements, labelled by :mod:`.collect`."""

from __future__ import annotations

from vdgsim.goa.players import loop
from vdgsim.goa.players import params as P
from vdgsim.goa.players.learned import collect
from vdgsim.goa.players.learned.model import heuristic_weights, write_learned_preset
from vdgsim.goa.players.lineup import player_row
from vdgsim.linear_policy import DistillKit

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
    write_preset=write_learned_preset,
)
