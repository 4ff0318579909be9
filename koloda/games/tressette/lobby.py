"""Tressette in the lobby: one preset, the rules' defaults, rated."""

from __future__ import annotations

from koloda.core.lobby import Lobby, Preset

LOBBY = Lobby(presets=(Preset("tressette", rated=True),), rank=4)
