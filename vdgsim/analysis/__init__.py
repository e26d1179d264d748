"""Analysis: run tables (polars) in, tidy tables and charts out, one module per question.

- :mod:`~vdgsim.analysis.bidding`: the free number F, numbers taken/performed/given up, and
  what an early number is worth;
- :mod:`~vdgsim.analysis.ports`: landings; :mod:`~vdgsim.analysis.characters`: characters;
- :mod:`~vdgsim.analysis.seats`: seat balance; :mod:`~vdgsim.analysis.matchups`: presets;
- :mod:`~vdgsim.analysis.sensitivity`: component sweeps;
- :mod:`~vdgsim.analysis.measures`: designer measures (margins, lead changes, decisiveness);
- :mod:`~vdgsim.analysis.paired`: restricted play against a baseline on the same seeds;
- :mod:`~vdgsim.analysis.experiment`: experiment specs; :mod:`~vdgsim.analysis.charts`: charts.
"""
