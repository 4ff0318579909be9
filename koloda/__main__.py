"""``python -m koloda``: the command line."""

from koloda.cli.main import app

app()
