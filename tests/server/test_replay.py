"""The replay's API (routes/replay.py): a finished table's positions, replayed by the engine,
end at the record's score; nothing is shown while the game is played; a record the player
opens himself is read or refused in one line; each decision of a seat is valued."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from server_support import CARD, ServerProcess, ServerThread, create_table, receive

from koloda.core.registry import load_rules
from koloda.records import parse_record, replay
from koloda.server.replay import RECORD_LIMIT

JSON = {"content-type": "application/json"}


def finished_record(server: ServerThread, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while (answer := httpx.get(f"{server.url}/api/tables/{table_id}/record")).status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    record: dict[str, Any] = answer.json()
    return record


def bots_game(server: ServerThread, deals: int = 2) -> tuple[str, dict[str, Any]]:
    created = create_table(server.url, "spades", {"max_deals": deals}, ["bot:normal"] * 4)
    return created["table_id"], finished_record(server, created["table_id"])


def test_a_finished_spades_table_replays_to_its_records_score(server: ServerThread) -> None:
    table_id, record = bots_game(server)
    answer = httpx.get(f"{server.url}/api/replay/{table_id}")
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    positions = shown["positions"]
    deals = record["deals"]
    actions = [(d, m, a) for d, deal in enumerate(deals) for m, a in enumerate(deal["actions"])]
    assert len(positions) == len(actions) + 1  # every decision, then the game's end
    assert [(p["deal"], p["move"], p["action"]) for p in positions[:-1]] == actions
    assert [p["index"] for p in positions] == list(range(len(positions)))
    end = positions[-1]
    assert end["action"] is None and end["to_act"] is None and end["view"]["finished"]
    assert end["view"]["totals"] == record["totals"] == shown["results"]["totals"]
    assert shown["seats"] == [{"kind": "bot:normal", "name": None}] * 4
    # the score sheet at each point: the deals scored so far
    sheets = shown["sheets"]
    assert len(sheets) == len(record["deals"]) + 1
    assert [len(s["sections"][0]["rows"]) for s in sheets] == list(range(len(sheets)))
    assert end["sheet"] == len(record["deals"]) and positions[0]["sheet"] == 0
    for position in positions[:-1]:
        assert position["action"] in position["legal"]
        # every hand face up: 13 cards a seat at each deal's start, in all 52 different
        hands = position["hands"]
        if position["move"] == 0:
            assert [len(h) for h in hands] == [13] * 4
            assert len({c for h in hands for c in h}) == 52
        assert [len(h) for h in hands] == position["view"]["hand_sizes"]
        if CARD.fullmatch(position["action"]):
            assert position["action"] in hands[position["to_act"]]
    tricks = [p for p in positions if p["starts_trick"]]
    assert len(tricks) == 13 * len(record["deals"])
    assert all(p["view"]["trick"] == [] for p in tricks)
    taken = [p["taken"] for p in positions if p["taken"] is not None]  # each trick, whole
    assert len(taken) == 13 * len(record["deals"]) and end["taken"] is not None
    assert all(len(t["plays"]) == 4 and 0 <= t["winner"] < 4 for t in taken)
    # the engine agrees: the record's replay reaches the same totals
    parsed = parse_record(record)
    assert parsed.rules.results_json(replay(parsed))["totals"] == record["totals"]


def test_nothing_is_shown_before_the_end(server: ServerThread) -> None:
    from websockets.sync.client import connect

    created = create_table(server.url, "spades", {}, ["human"] + ["bot:random"] * 3)
    table_id, token = created["table_id"], created["seats"][0]["token"]
    with connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}") as ws:
        assert not receive(ws)["view"]["finished"]
        for path in (f"/api/replay/{table_id}", f"/api/replay/{table_id}/analysis?seat=0&deal=0"):
            refused = httpx.get(f"{server.url}{path}")
            assert refused.status_code == 403, path
            secret = "the game is not finished; its hands are still secret"
            assert refused.json() == {"detail": secret}
            assert not CARD.search(refused.text)
        page = httpx.get(f"{server.url}/replay/{table_id}")
        assert page.status_code == 200 and not CARD.search(page.text)
    assert httpx.get(f"{server.url}/replay/no-such-table").status_code == 404
    assert httpx.get(f"{server.url}/api/replay/no-such-table").status_code == 404


def test_a_record_opened_by_the_player(server: ServerThread) -> None:
    rules = load_rules("spades", {"max_deals": 1})
    state = rules.new_state(seed=5)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    from koloda.records import record_from_state

    record = record_from_state(rules, state, ["Anna", "Boris", "Vera", "Gleb"])
    answer = httpx.post(f"{server.url}/api/replay", content=json.dumps(record), headers=JSON)
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    assert [s["name"] for s in shown["seats"]] == ["Anna", "Boris", "Vera", "Gleb"]
    assert shown["positions"][-1]["view"]["totals"] == rules.results_json(state)["totals"]


def test_a_bad_record_is_refused_in_one_line(server: ServerThread) -> None:
    rules = load_rules("spades", {"max_deals": 1})
    state = rules.new_state(seed=5)
    state.apply(state.legal_actions()[0])
    from koloda.records import record_from_state

    good = record_from_state(rules, state)
    illegal = json.loads(json.dumps(good))
    illegal["deals"][0]["actions"] = ["AS"]
    bad = {
        "malformed JSON": b"{not json",
        "not an object": b"[1, 2]",
        "unknown game": json.dumps({**good, "game": "whist"}).encode(),
        "an illegal action": json.dumps(illegal).encode(),
        "too large": json.dumps({**good, "notes": "x" * RECORD_LIMIT}).encode(),
    }
    for what, body in bad.items():
        answer = httpx.post(f"{server.url}/api/replay", content=body, headers=JSON)
        assert answer.status_code == 422, what
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and detail, what

    def refusal(body: bytes) -> str:
        answer = httpx.post(f"{server.url}/api/replay", content=body, headers=JSON)
        detail: str = answer.json()["detail"]
        return detail

    assert "unknown game 'whist'" in refusal(bad["unknown game"])
    assert "deal 0, action 0 (AS)" in refusal(bad["an illegal action"])
    assert refusal(bad["too large"]) == "the record is larger than 60 kB"


def test_each_decision_of_a_seat_is_valued(server: ServerThread) -> None:
    created = create_table(server.url, "spades", {"max_deals": 1}, ["bot:random"] * 4)
    table_id = created["table_id"]
    finished_record(server, table_id)
    positions = httpx.get(f"{server.url}/api/replay/{table_id}").json()["positions"]
    bad = httpx.get(f"{server.url}/api/replay/{table_id}/analysis", params={"seat": 4, "deal": 0})
    assert bad.status_code == 422
    bad = httpx.get(f"{server.url}/api/replay/{table_id}/analysis", params={"seat": 0, "deal": 1})
    assert bad.status_code == 422 and bad.json()["detail"] == "deal must be 0..0"
    answer = httpx.get(
        f"{server.url}/api/replay/{table_id}/analysis", params={"seat": 1, "deal": 0}, timeout=120
    )
    assert answer.status_code == 200, answer.text
    valued = answer.json()
    assert valued["deals"] == 1 and valued["seat"] == 1
    seats = [p for p in positions if p["to_act"] == 1]
    assert [d["number"] for d in valued["decisions"]] == [p["index"] for p in seats]
    for decision in valued["decisions"]:
        position = positions[decision["number"]]
        assert decision["chosen"] == position["action"]
        assert decision["forced"] == (len(position["legal"]) == 1)
        if not decision["forced"]:
            assert decision["best"] in position["legal"] and decision["loss"] >= 0
            assert max(decision["values"].values()) == decision["values"][decision["best"]]
    assert any(d["loss"] > 0 for d in valued["decisions"])  # random play gives points away


def test_a_replay_through_either_process_of_a_cluster(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    playing = create_table(first.url, "spades", {}, ["human"] + ["bot:random"] * 3)
    refused = httpx.get(f"{second.url}/api/replay/{playing['table_id']}")
    assert refused.status_code == 403  # the other process asks the owner: still secret
    table_id = create_table(first.url, "spades", {"max_deals": 1}, ["bot:random"] * 4)["table_id"]
    deadline = time.monotonic() + 60
    while (answer := httpx.get(f"{second.url}/api/tables/{table_id}/record")).status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    record = answer.json()
    shown = [httpx.get(f"{s.url}/api/replay/{table_id}").json() for s in pair]
    assert shown[0] == shown[1]
    assert shown[0]["positions"][-1]["view"]["totals"] == record["totals"]
    valued = httpx.get(
        f"{second.url}/api/replay/{table_id}/analysis", params={"seat": 2, "deal": 0}, timeout=120
    )
    assert valued.status_code == 200, valued.text
    numbers = [d["number"] for d in valued.json()["decisions"]]
    assert numbers == [p["index"] for p in shown[0]["positions"] if p["to_act"] == 2]


def test_a_table_s_rules_through_either_process_of_a_cluster(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    """The player page of a table's rules (``/help/<lang>/table/<id>``, in this module for its
    cluster) reads the table from the shared store, whichever process owns the table."""
    seats = ["human"] + ["bot:random"] * 2
    table_id = create_table(pair[0].url, "king", {"variant": "three"}, seats)["table_id"]
    for server in pair:
        there = httpx.get(f"{server.url}/help/ru/table/{table_id}")
        assert there.headers["location"] == f"/help/ru/king?table={table_id}"
        page = httpx.get(server.url + there.headers["location"]).text
        assert "<li>Вариант: <strong>на троих</strong></li>" in page
        assert ' data-option="variant=three" class="in-force"' in page


def played_replay(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The replay of a whole game of random bots, seeded."""
    import random

    from koloda.bots import make_bot
    from koloda.bots.runner import play_game
    from koloda.records.record import record_from_state
    from koloda.server.replay import replay_json

    rules = load_rules(game, options)
    bots = [make_bot("random", rules) for _ in range(rules.num_seats)]
    played = play_game(rules, bots, seed=7, rng=random.Random(7))
    return replay_json(record_from_state(rules, played.state))


def test_the_game_s_end_shows_the_last_deal_as_it_ended_with_the_final_score() -> None:
    """The engine's view at the end has put the last deal away; the replay's last step shows
    it as it ended: its bids, contract and tricks taken, the cards left in hand, and the
    final totals."""
    shown = played_replay("spades", {"max_deals": 1})
    before, end = shown["positions"][-2:]
    assert end["view"]["finished"] and end["view"]["totals"] == shown["results"]["totals"]
    assert end["view"]["bids"] == before["view"]["bids"] and None not in end["view"]["bids"]
    assert sum(end["view"]["tricks_won"]) == 13  # the last trick counted too
    assert end["view"]["trick"] == [] and len(end["taken"]["plays"]) == 4
    assert end["hands"] == [[], [], [], []] and end["view"]["hand_sizes"] == [0, 0, 0, 0]

    king = played_replay("king", {})
    end = king["positions"][-1]
    assert end["view"]["contract"] == "positive" and end["view"]["trump"] is not None
    assert sum(end["view"]["tricks_won"]) == 8 and end["view"]["declarer"] is not None
    assert end["view"]["totals"] == king["results"]["totals"]

    shed = played_replay("hundred_one", {})
    before, end = shed["positions"][-2:]
    out = before["to_act"]
    assert before["hands"][out] == [before["action"]]  # the last card, played to go out
    assert end["hands"][out] == [] and sum(map(len, end["hands"])) > 0  # the others' penalties
    assert end["view"]["hand_sizes"] == [len(hand) for hand in end["hands"]]
    assert end["view"]["totals"] == shed["results"]["totals"]
