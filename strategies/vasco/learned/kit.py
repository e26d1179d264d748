"""Vasco da Gama's learned player as ``vdg distill`` sees it (:class:`vdgsim.core.linear_policy.
DistillKit`): Phase 2 actions, labelled by :mod:`.collect`; refinement by play may move the
placement weights (block ``place``), the Phase 2 weights of a preset (block ``act``), or those
and the outputs of a hidden layer whose units are fitted to labels first (block ``hidden``)."""

from __future__ import annotations

import numpy as np

from strategies.vasco import loop
from strategies.vasco import params as P
from strategies.vasco.learned import collect
from strategies.vasco.learned.model import (
    heuristic_place_weights,
    heuristic_weights,
    hidden_of,
    hidden_weights_of,
    place_weights_of,
    weights_of,
    with_hidden,
    with_hidden_weights,
    with_place_weights,
    with_weights,
    write_act,
    write_count_place,
    write_fit,
    write_hidden,
)
from strategies.vasco.registry import resolve
from vdgsim.core.hidden_layer import HiddenLayer, fit_units
from vdgsim.core.linear_policy import DistillKit, Positions, RefineBlock


def _fit_hidden(row, data: Positions, units: int, l2: float, temperature: float, seed: int):
    layer = fit_units(data, weights_of(row), units, l2, temperature, seed)
    # the fitted outputs follow one-step labels and play far worse than the linear weights
    # alone (docs/learned.md): refinement by play starts them at 0
    return with_hidden(row, HiddenLayer(layer.weights, layer.bias, np.zeros(layer.units)))


KIT = DistillKit(
    decision="Phase 2 action",
    feature_columns=collect.FEATURE_COLUMNS,
    resolve=resolve,
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
    write_preset=write_fit,
    blocks={
        "place": RefineBlock(
            decision="placement",
            weights_of=lambda row: (
                heuristic_place_weights()
                if place_weights_of(row) is None
                else place_weights_of(row)
            ),
            with_weights=with_place_weights,
            sample=collect.placement_features,
            write_counts=write_count_place,
        ),
        "act": RefineBlock(
            decision="Phase 2 action",
            weights_of=weights_of,
            with_weights=with_weights,
            sample=collect.action_features,
            write_counts=write_act,
            per_count=False,
        ),
        "hidden": RefineBlock(
            decision="Phase 2 action",
            weights_of=hidden_weights_of,
            with_weights=with_hidden_weights,
            sample=collect.hidden_features,
            write_counts=write_hidden,
            per_count=False,
            units=P.N_HIDDEN,
            fit_units=_fit_hidden,
            ready=lambda row: hidden_of(row) is not None,
        ),
    },
)
