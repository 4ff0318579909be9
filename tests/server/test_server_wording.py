"""The web table words events from the same catalogues as the terminal: the page's module of
words (static/words.js, run here in Node) says every event exactly as
``koloda.i18n.describe``."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from koloda.core.events import Event
from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, catalogue_json, describe
from koloda.server.views import event_json, events_json

STATIC = Path(__file__).resolve().parents[2] / "koloda" / "server" / "static"
NODE = shutil.which("node")


def seeded_events(game: str) -> list[Event]:
    rules = load_game(game, **({"max_deals": 2} if game == "spades" else {}))
    rng = random.Random(game)
    state = rules.new_state(seed=f"wording/{game}")
    events: list[Event] = []
    for _ in range(3000):
        if state.is_over:
            break
        legal = state.legal_actions()
        events += state.apply(legal[rng.randrange(len(legal))])
    return events


@pytest.mark.skipif(NODE is None, reason="needs node to run the page's script")
@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_the_page_words_events_as_the_terminal_does(game: str, tmp_path: Path) -> None:
    events = seeded_events(game)
    num_seats = load_game(game).num_seats
    names = [f"Player {s + 1}" for s in range(num_seats)]
    cases = []
    for lang in LANGUAGES:
        for viewer in (0, 1, None):
            if viewer is None:
                sent = events_json(events, None, num_seats)
            else:
                sent = [event_json(e.for_seat(viewer)) for e in events]
            expected = [describe(e, viewer, names, lang) for e in events]
            cases.append({"lang": lang, "viewer": viewer, "events": sent, "expected": expected})
    catalogues = {lang: catalogue_json(lang) for lang in LANGUAGES}
    script = "\n".join(
        [
            "import { setLanguage, speaker, useCatalogues } from "
            f"{json.dumps((STATIC / 'words.js').as_uri())};",
            f"useCatalogues({json.dumps(catalogues, ensure_ascii=False)});",
            f"const CASES = {json.dumps(cases, ensure_ascii=False)};",
            f"const NAMES = {json.dumps(names)};",
            """
const out = CASES.map((c) => {
  setLanguage(c.lang);
  const words = speaker(NAMES, c.viewer);
  return c.events.map((e) => words.sentence({ key: e.key, params: e.params }));
});
console.log(JSON.stringify(out));
""",
        ]
    )
    path = tmp_path / "wording.mjs"
    path.write_text(script, encoding="utf-8")
    assert NODE is not None
    result = subprocess.run([NODE, str(path)], capture_output=True, text=True, check=True)
    said = json.loads(result.stdout)
    for case, lines in zip(cases, said, strict=True):
        for expected, line in zip(case["expected"], lines, strict=True):
            assert line == expected, (case["lang"], case["viewer"])
