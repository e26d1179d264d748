"""Scripted players for vdgsim: compiled policies, presets as data, restricted play."""
