"""Research environments (the ``research`` extra): PettingZoo (``koloda.envs.pettingzoo``),
Gymnasium (``koloda.envs.gymnasium``), an OpenSpiel bridge (``koloda.envs.openspiel``) and
N games stepped together with numpy arrays (``koloda.envs.VectorEnv``, ``koloda.envs.vector``).

The shared machinery — action space, observation tensor, a match with rewards — is in
``koloda.envs.core``; its docstring documents the layouts.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from koloda.envs.vector import VectorEnv

__all__ = ["VectorEnv"]


def __getattr__(name: str) -> Any:
    """``koloda.envs.VectorEnv`` without importing numpy before it is asked for."""
    if name == "VectorEnv":
        from koloda.envs.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
