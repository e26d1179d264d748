"""Analysis: run tables (polars) in, tidy tables and charts out, one module per question.

- :mod:`~vdgsim.analysis.seats`: seat balance; :mod:`~vdgsim.analysis.matchups`: presets;
- :mod:`~vdgsim.analysis.sensitivity`: component sweeps;
- :mod:`~vdgsim.analysis.measures`: designer measures (margins, lead changes, decisiveness);
- :mod:`~vdgsim.analysis.paired`: restricted play against a baseline on the same seeds;
- :mod:`~vdgsim.analysis.experiment`: experiment specs; :mod:`~vdgsim.analysis.charts`: charts.

Every game's analyses are here; a game's own questions are in its package
(:mod:`vdgsim.games.vasco.analysis`, :mod:`vdgsim.games.goa.lot_analysis`).
"""
