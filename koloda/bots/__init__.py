"""Bots: each sees only its seat's view and chooses one of the legal actions."""

from koloda.bots.base import AnyBot, Bot, available_bots, bots_for, make_bot

__all__ = ["AnyBot", "Bot", "available_bots", "bots_for", "make_bot"]
