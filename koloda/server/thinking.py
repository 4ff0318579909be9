"""Where the server's bots think: quick bots in a thread, searching bots in worker processes.

A searching bot (``hard``, ``pimc``, ``ismcts``) spends most of a second per move in pure
Python; in threads under one interpreter lock, forty such tables would slow every other table
and the API. So they think in worker processes, a few at a time, and a table with people at
it is served before a table of bots only. A search that outlasts its table's budget is
abandoned and the normal bot plays instead: nobody waits for a stuck search. The event loop
only awaits: it never runs a bot.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from koloda.bots import AnyBot, make_bot, register_bot
from koloda.bots.base import bot_reference
from koloda.bots.plugins import load_factory
from koloda.core.engine import Action, AnyRules
from koloda.core.registry import load_rules

log = logging.getLogger("koloda.server")

QUICK_BOTS = frozenset({"random", "easy", "normal", "heuristic"})
"""Bots that answer at once (a heuristic or a coin): they stay in a thread."""


def searches(bot_name: str) -> bool:
    """Whether a bot searches (and so thinks in a worker process)."""
    return bot_name.partition(":")[0] not in QUICK_BOTS


class Turns:
    """A fair gate to ``slots`` workers: people's tables first, then first come first
    served."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def enter(self, people: bool) -> None:
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (0 if people else 1, next(self._order), future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.leave()  # the turn came just as the waiter gave up: pass it on
            raise

    def leave(self) -> None:
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self.free += 1

    @property
    def queued(self) -> int:
        return sum(1 for *_, future in self._waiting if not future.done())


_WORKER_BOTS: dict[tuple[str, str, str], tuple[AnyRules, AnyBot]] = {}


def _think(
    game: str, options_json: str, bot_name: str, view: Any, seed: int, reference: str | None
) -> Action:
    """In a worker process: the bot's choice (rules and bots are kept between moves). A bot
    from outside is found here as in the server's process (entry points, ``KOLODA_BOTS``,
    which the workers inherit); one registered in code there comes by its ``reference``."""
    import json

    key = (game, options_json, bot_name)
    if reference is not None and key not in _WORKER_BOTS:
        register_bot(bot_name, load_factory(reference))
    if key not in _WORKER_BOTS:
        rules = load_rules(game, json.loads(options_json))
        _WORKER_BOTS[key] = (rules, make_bot(bot_name, rules))
    _, bot = _WORKER_BOTS[key]
    return bot.choose(view, random.Random(seed))


def _analyse(document_json: str, seat: int, samples: int, count: int) -> list[dict[str, Any]]:
    """In a worker: a finished game's costliest decisions of ``seat`` (bots.analysis), each
    with the seat's view at that moment (the game is over: every card is public now)."""
    import json

    from koloda.bots.analysis import analyse, costliest, decision_json
    from koloda.records import parse_record

    record = parse_record(json.loads(document_json))
    decisions = analyse(record.rules, record, seat, samples=samples)
    shown = []
    for decision in costliest(decisions, count):
        entry = decision_json(record.rules, decision)
        entry["view"] = decision.view.to_json()
        shown.append(entry)
    return shown


def _values(document_json: str, seat: int, deal: int, samples: int) -> list[dict[str, Any]]:
    """In a worker: every decision of ``seat`` in deal ``deal`` of a finished game, valued
    (bots.analysis), for the replay."""
    import json

    from koloda.bots.analysis import analyse, decision_json
    from koloda.records import parse_record

    record = parse_record(json.loads(document_json))
    decisions = analyse(record.rules, record, seat, samples=samples, deals={deal})
    return [decision_json(record.rules, decision) for decision in decisions]


class Thinkers:
    """The bots' workers: ``threads`` for quick bots, ``processes`` for searching ones (0:
    searching bots use the threads too), ``budget`` seconds a search may take before the
    normal bot plays instead."""

    def __init__(self, threads: int = 4, processes: int = 2, budget: float = 10.0) -> None:
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="koloda-bot")
        self.processes: Executor | None = None
        if processes > 0:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self.processes = ProcessPoolExecutor(max_workers=processes, mp_context=context)
        self.turns = Turns(processes)
        self.budget = budget

    async def choose(
        self,
        rules: AnyRules,
        options_json: str,
        bot_name: str,
        bot: AnyBot,
        view: Any,
        seed: int,
        people: bool,
    ) -> Action:
        """``bot``'s move from ``view`` (the bot called ``bot_name`` at a table of ``rules``
        with options ``options_json``); ``people``: the table has people at it."""
        loop = asyncio.get_running_loop()
        if self.processes is None or not searches(bot_name):
            return await loop.run_in_executor(self.threads, bot.choose, view, random.Random(seed))
        await self.turns.enter(people)
        try:
            reference = bot_reference(bot_name)
            job = loop.run_in_executor(
                self.processes, _think, rules.name, options_json, bot_name, view, seed, reference
            )
            return await asyncio.wait_for(job, self.budget)
        except TimeoutError:
            log.warning("bot %s thought past %.1f s; the normal bot plays", bot_name, self.budget)
            stand_in = make_bot("normal", rules)
            return await loop.run_in_executor(
                self.threads, stand_in.choose, view, random.Random(seed)
            )
        finally:
            self.turns.leave()

    async def analyse(
        self, document: dict[str, Any], seat: int, samples: int = 16, count: int = 3
    ) -> list[dict[str, Any]]:
        """A finished game's ``count`` costliest decisions of ``seat``, searched in a worker
        (a people's job: before the bots' tables)."""
        import json

        return await self._people_job(_analyse, json.dumps(document), seat, samples, count)

    async def values(
        self, document: dict[str, Any], seat: int, deal: int, samples: int = 16
    ) -> list[dict[str, Any]]:
        """Every decision of ``seat`` in deal ``deal`` of a finished game, valued, searched
        in a worker (a people's job: before the bots' tables)."""
        import json

        return await self._people_job(_values, json.dumps(document), seat, deal, samples)

    async def _people_job(
        self, job: Callable[..., list[dict[str, Any]]], *args: Any
    ) -> list[dict[str, Any]]:
        """``job(*args)`` in a worker process, a people's turn (before the bots' tables); in
        a thread when there are no processes."""
        loop = asyncio.get_running_loop()
        if self.processes is None:
            return await loop.run_in_executor(self.threads, job, *args)
        await self.turns.enter(True)
        try:
            return await loop.run_in_executor(self.processes, job, *args)
        finally:
            self.turns.leave()

    def shutdown(self) -> None:
        """Stop thinking: queued moves are dropped, and the worker processes are stopped
        even in the middle of a search (none outlives the server)."""
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            # the pool has no public way to stop a busy worker (before Python 3.14)
            running: dict[int, multiprocessing.Process] = (
                getattr(self.processes, "_processes", None) or {}
            )
            workers = list(running.values())
            self.processes.shutdown(wait=False, cancel_futures=True)
            stop_processes(workers)


def stop_processes(workers: list[multiprocessing.Process], grace: float = 5.0) -> None:
    """Terminate the processes and wait for them; one that ignores it is killed."""
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(grace)
        if worker.is_alive():
            worker.kill()
            worker.join()
