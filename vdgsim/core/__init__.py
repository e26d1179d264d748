"""The game-free kernels every game and every shared layer builds on: the game plug and its
registry, the state's field tables, parameter and position tables, the checked call into
compiled code, the step-by-step API factory, Ctrl-C handling, numba's on-disk cache, statistics,
the learned players' linear policy, the regret sampler and the tuning driver. Nothing here
names a game."""
