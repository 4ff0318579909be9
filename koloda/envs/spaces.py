"""The Gymnasium spaces of a match (PettingZoo's agents and Gymnasium's learner share them)."""

from __future__ import annotations

from koloda.core.errors import MissingExtraError

try:
    import numpy as np
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the Gymnasium spaces", "research") from missing

from koloda.envs.core import OBS_BOUND, Match

RENDER_MODES = ("ansi", "human")


def observation_space(match: Match) -> spaces.Dict:
    """One seat's observation: the view's tensor and the mask of its legal actions."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                -OBS_BOUND, OBS_BOUND, (match.encoder.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, (match.actions.num_actions,), dtype=np.int8),
        }
    )
