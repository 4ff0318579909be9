"""Bots: each sees only its seat's view and chooses one of the legal actions. Bots from
outside Koloda come by the entry points ``koloda.bots``, by ``--bot module:factory`` on the
command line, or by ``register_bot`` (``koloda.bots.plugins``)."""

from koloda.bots.base import AnyBot, Bot, available_bots, bots_for, make_bot, register_bot

__all__ = ["AnyBot", "Bot", "available_bots", "bots_for", "make_bot", "register_bot"]
