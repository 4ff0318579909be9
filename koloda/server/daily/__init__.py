"""The deal of the day: per game, a set of deals everyone plays once against the same bots,
scored against everyone who played the same cards (docs/hosting/daily.md).

- ``days``: the day (UTC), its seed from the server's secret and the date, its commitment,
  and the set's size per game;
- ``scoring``: matchpoints and the day's standings from per-deal score counts, kept up to
  date one result at a time;
- ``store``: the tables the daily results live in (revision 0005);
- ``service``: attempts (one per player and day), results as deals end, the ranking, and the
  reveal once the day closes.
"""
