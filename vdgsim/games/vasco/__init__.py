"""Vasco da Gama: rules engine (:mod:`vdgsim.games.vasco.engine`), forward model
(:mod:`vdgsim.games.vasco.game`, re-exported by :mod:`vdgsim`), vocabulary, components,
observation and positions; :mod:`vdgsim.games.vasco.plug` gathers them and the players of
:mod:`strategies.vasco` for the game-free layers. Rule IDs are explained in docs/rules.md."""
