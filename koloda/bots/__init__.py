"""Bots: each sees only its seat's view and chooses one of the legal actions."""

from koloda.bots.base import Bot, available_bots, make_bot

__all__ = ["Bot", "available_bots", "make_bot"]
