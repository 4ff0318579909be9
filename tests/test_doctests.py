"""The examples in the public API's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["koloda", "koloda.core.cards", "koloda.core.errors"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert attempted > 0, f"{name} has no examples"
    assert failed == 0, f"{failed} of {attempted} examples failed in {name} (output above)"
