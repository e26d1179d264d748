"""Goa's learned player: the heuristic, but for where it puts its auction markers, which a
linear model over features of each cell decides (:mod:`.features`), its weights fit to search
labels by ``vdg distill --game goa`` (:mod:`.collect`, :mod:`vdgsim.core.linear_policy`)."""
