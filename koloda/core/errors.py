"""The errors the engine raises: each says what was wrong and, for actions, what is legal."""

from __future__ import annotations

from collections.abc import Sequence


class KolodaError(Exception):
    """Base class of every error the engine raises on bad input."""


class OptionError(KolodaError, ValueError):
    """An unknown option, or a value an option does not take."""


class IllegalActionError(KolodaError, ValueError):
    """An action the rules do not allow at this point.

    ``reason`` says why; ``legal`` lists the legal actions in notation; ``rule`` gives the
    IDs of the rules the action breaks when the native engine raised it (None otherwise:
    the Python engine's reasons cite them in their text).

    >>> error = IllegalActionError("10H", "must follow suit S (K-5, K-17)", ["QS"])
    >>> str(error)
    'illegal action 10H: must follow suit S (K-5, K-17); legal: QS'
    >>> error.reason, error.legal, isinstance(error, KolodaError)
    ('must follow suit S (K-5, K-17)', ('QS',), True)
    """

    rule: str | None = None

    def __init__(self, action: str, reason: str, legal: Sequence[str]) -> None:
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(self.legal) if self.legal else "none"
        super().__init__(f"illegal action {action}: {reason}; legal: {shown}")


class ActionSyntaxError(KolodaError, ValueError):
    """Text that is not an action of this game."""


class DealError(KolodaError, ValueError):
    """A deal that breaks the deck or the rotation of dealers."""


class MissingExtraError(KolodaError, ImportError):
    """A feature whose optional packages (an install extra) are not installed.

    >>> print(MissingExtraError("the web table", "server"))
    the web table needs the server extra: pip install 'koloda[server]'
    """

    def __init__(self, feature: str, extra: str) -> None:
        self.feature = feature
        self.extra = extra
        super().__init__(f"{feature} needs the {extra} extra: pip install 'koloda[{extra}]'")
