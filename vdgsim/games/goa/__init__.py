"""Goa (Rüdiger Dorn, 2012 edition): the second game of vdgsim, as its own package.

The forward model is :mod:`vdgsim.games.goa.game` (``new_game``, ``legal_actions``,
``apply_action``, ``step``, ``is_over``, ``result``, ``clone``); the rules engine is
:mod:`vdgsim.games.goa.engine`; rule IDs are explained in docs/goa-rules.md. The default component
data is partly reconstructed (see ``vdgsim/games/goa/data/components.toml``).
"""
