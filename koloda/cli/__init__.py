"""The ``koloda`` command line."""
