"""Tournaments: Swiss for a fixed number of rounds, or an arena for a time window, each
table an ordinary card table made for a few deals of a preset, bots in the free seats
(docs/hosting/tournaments.md).

- ``pairing``: who sits with whom (the fewest repeated tablemates), and what a table's
  result is worth to each seat; pure functions;
- ``store``: the tables the tournaments live in (revision 0006);
- ``standings``: a tournament as its pages show it;
- ``steps``: the start, each round's or arena table's seating, results as tables end;
- ``service``: the requests (making, entering, withdrawing, starting) and the tick that
  takes each due step.
"""
