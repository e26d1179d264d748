"""Vasco da Gama's plug. The game's modules still sit at the top of ``vdgsim`` (``engine``,
``layout``, ``components``, ``game``) and in ``strategies``; :mod:`vdgsim.vasco.plug` gathers
them for the game-free layers."""
