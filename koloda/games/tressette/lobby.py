"""Tressette in the lobby: one preset, the rules' defaults."""

from __future__ import annotations

from koloda.core.lobby import Lobby, Preset

LOBBY = Lobby(presets=(Preset("tressette"),), rank=4)
