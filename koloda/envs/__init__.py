"""Research environments (the ``research`` extra): PettingZoo (``koloda.envs.pettingzoo``),
Gymnasium (``koloda.envs.gymnasium``) and an OpenSpiel bridge (``koloda.envs.openspiel``).

The shared machinery — action space, observation tensor, a match with rewards — is in
``koloda.envs.core``; its docstring documents the layouts.
"""
