"""Optional installs: the packages each extra brings, checked before a feature uses them.

The engine, the bots and the command line need none of them; the web table needs ``server``,
the tournament's statistics and plots need ``plots``, the full-screen terminal table needs
``tui``, ``koloda.envs`` needs ``research``, a PostgreSQL store needs ``postgres`` and
``koloda tournament --ray`` needs ``scale`` (see pyproject.toml).
"""

from __future__ import annotations

import importlib.util

from koloda.core.errors import MissingExtraError

__all__ = [
    "EXTRA_PACKAGES",
    "MissingExtraError",
    "is_installed",
    "missing_packages",
    "require_extra",
]

EXTRA_PACKAGES: dict[str, tuple[str, ...]] = {
    "server": (
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "jinja2",
        "orjson",
        "markdown",
        "prometheus_client",
        "openskill",
        "webauthn",
        "argon2",
    ),
    "plots": ("matplotlib", "scipy"),
    "tui": ("textual",),
    "research": ("pettingzoo", "gymnasium", "numpy", "pyspiel"),
    "postgres": ("psycopg",),
    "scale": ("ray",),
}
"""The top-level modules each extra must make importable."""


def is_installed(module: str) -> bool:
    """Whether a top-level module can be found (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def missing_packages(extra: str) -> list[str]:
    """The modules of an extra that this installation lacks."""
    return [m for m in EXTRA_PACKAGES[extra] if not is_installed(m)]


def require_extra(extra: str, feature: str) -> None:
    """Raise one clear :class:`MissingExtraError` when ``feature`` cannot run here."""
    if missing_packages(extra):
        raise MissingExtraError(feature, extra)
