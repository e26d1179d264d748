"""The learned player: a linear model over features of Phase 2 actions, distilled from search.

:mod:`.features` computes the features (compiled) and plays the decisions, :mod:`.model` names
the features and reads and writes the weights (a preset file's ``[learned]`` table),
:mod:`.train` fits the weights to search labels and :mod:`.collect` gathers the labelled
positions; ``vdg distill`` runs the loop (docs/learned.md).
"""
