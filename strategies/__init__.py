"""The players of each game, one package per game (:mod:`strategies.vasco`,
:mod:`strategies.goa`): compiled policies, presets as data, restricted play, search and learned
players."""
