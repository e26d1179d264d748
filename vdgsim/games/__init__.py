"""One package per game, each behind one registered :class:`vdgsim.core.plug.Game`: its rules
engine, forward model, vocabulary, components, observation, positions, analyses and report
sections. The players of each game are in ``strategies/<game>/``."""
