"""One package per game, each of the same shape: options, actions, state, scoring, notation."""
