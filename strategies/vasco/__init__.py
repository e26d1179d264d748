"""Vasco da Gama's players: compiled policies, presets as data, restricted play, search and
learned players."""
