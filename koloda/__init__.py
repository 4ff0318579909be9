"""Koloda: exact engines for King, Spades, 101 and Tressette, with bots, records and tables."""

from koloda.core.registry import available_games, load_game

__all__ = ["available_games", "load_game"]
__version__ = "0.1.0"
