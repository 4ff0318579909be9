"""The full-screen terminal table of ``koloda play`` (Textual)."""

from koloda.cli.tui.app import TableApp

__all__ = ["TableApp"]
