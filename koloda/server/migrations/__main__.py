"""``python -m koloda.server.migrations NUMBER MESSAGE``: the script of a new revision of the
store's schema, after the newest, to fill in (for developers; see ``migrations``)."""

from __future__ import annotations

import sys

from koloda.server.migrations import new_revision


def main(arguments: list[str]) -> int:
    """Write the new revision's script; its path on the output."""
    if len(arguments) != 2 or not arguments[0].isdigit():
        print('usage: python -m koloda.server.migrations 0002 "what it changes"', file=sys.stderr)
        return 2
    print(new_revision(arguments[0], arguments[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
