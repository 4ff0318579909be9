"""101 in the lobby: one preset, the rules' defaults (rated, with any number of players), and
the numbers each count may be."""

from __future__ import annotations

from koloda.core.lobby import Lobby, OptionShape, Preset

LOBBY = Lobby(
    presets=(Preset("hundred_one", rated=True),),
    shapes={
        "players": OptionShape(values=(2, 3, 4, 5, 6), unit="players"),
        "hand_size": OptionShape(values=(2, 3, 4, 5), unit="cards"),
        "draw_six": OptionShape(values=(0, 1, 2, 3, 4), unit="cards"),
        "draw_seven": OptionShape(values=(0, 1, 2, 3, 4), unit="cards"),
    },
    rank=3,
)
