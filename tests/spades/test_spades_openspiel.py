"""Differential test against OpenSpiel's ``spades`` (pyspiel): the same hands, the same
bids and cards, every hand's score compared.

Mapping. OpenSpiel deals its i-th chance action to player i % 4; its player 0 bids first
and leads the first trick. Our dealer d bids first (S-4) and d + 1 leads (S-10), so
OpenSpiel player p is our seat (d + 1 + p) % 4 (partners stay partners), and the bids are
chosen first and then made in each engine's own order. Cards: ours are suit * 16 + rank
with suits S H D C = 0..3; OpenSpiel's are suit * 13 + rank with suits C D H S = 0..3;
bids are actions 52 + bid (52 = nil). OpenSpiel plays one hand from scores 0-0; its
returns are that hand's score per partnership.

Our options are set as close as they go: no double nil, no exchange, bags penalty on.

Known differences, each checked here against OpenSpiel's actual behaviour, not hidden:
1. Partners' bids may total at most 13 in OpenSpiel (its second partner is offered fewer
   bids); our S-4 allows any bids. Handled: bids are drawn from what both engines allow.
2. Spades are never broken in OpenSpiel: a leader holding another suit may never lead a
   spade, even after a spade was discarded (our S-11 allows it then). Handled: every card
   is drawn from the cards legal in both; the hands where our choice was wider are counted.
3. A failed nil bidder's tricks count toward his partner's contract in OpenSpiel (it adds
   both partners' bids and tricks); under S-14 they count for nobody. A side with a failed
   nil is checked against OpenSpiel's own formula instead of ours.
4. Both partners nil with a failure: OpenSpiel scores two separate nils and counts the
   tricks as overtricks of a 0 contract; S-15 takes the side's whole score (or −200).
   Checked the same way. (Both nils made agree: 200 in both.)
Every side of every hand where none of 3-4 arises must agree exactly.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from spades_helpers import rules  # noqa: E402

from koloda.core.engine import DealSetup  # noqa: E402
from koloda.games.spades.actions import BID_BASE, NIL  # noqa: E402

HANDS = 600
OPTIONS = {"double_nil": False, "nil_exchange": False, "bags_penalty": True}


def to_openspiel(card: int) -> int:
    return (3 - (card >> 4)) * 13 + (card & 15)


def from_openspiel(action: int) -> int:
    return (3 - action // 13) << 4 | action % 13


def openspiel_side_score(bids: tuple[int, int], tricks: tuple[int, int]) -> int:
    """OpenSpiel's own scoring of one side from 0-0 (differences 3 and 4): both partners'
    bids and tricks summed, each nil ±100 apart, every overtrick a bag, 10 bags −100."""
    contract = sum(bids)
    result = sum(tricks) - contract
    bonus = sum((100 if t == 0 else -100) for b, t in zip(bids, tricks, strict=True) if b == 0)
    if result < 0:
        return -10 * contract + bonus
    return 10 * contract + bonus + result - 100 * (result // 10)


def choose_bid(rng: random.Random, legal: list[int]) -> int:
    """A bid both engines allow, nil and low bids favoured so contracts are made too."""
    if NIL in legal and rng.random() < 0.2:
        return NIL
    low = [b for b in legal if 1 <= b <= 4]
    return rng.choice(low) if low and rng.random() < 0.8 else rng.choice(legal)


def play_hand(index: int, stats: dict[str, int]) -> None:
    rng = random.Random(index)
    deck = [s << 4 | r for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    hands = [deck[13 * s : 13 * s + 13] for s in range(4)]
    dealer = index % 4
    leader = (dealer + 1) % 4
    seat_of = [(leader + p) % 4 for p in range(4)]  # OpenSpiel player -> our seat

    spiel = pyspiel.load_game("spades").new_initial_state()
    for k in range(52):
        spiel.apply_action(to_openspiel(hands[seat_of[k % 4]][k // 4]))
    ours = rules(**OPTIONS).empty_state(dealer)
    ours.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))

    bids = [0] * 4
    for p in range(4):
        assert spiel.current_player() == p
        legal = [a - 52 for a in spiel.legal_actions()]
        partner_bid = bids[seat_of[p] ^ 2] if p >= 2 else None
        if partner_bid is not None:  # difference 1: at most 13 together
            assert max(legal) == 13 - partner_bid
            stats["bids_limited"] += partner_bid > 0
        bid = choose_bid(rng, legal)
        bids[seat_of[p]] = bid
        spiel.apply_action(52 + bid)
    for k in range(4):
        seat = (dealer + k) % 4
        assert ours.to_act == seat
        ours.apply(BID_BASE + bids[seat])

    wider = False
    while not spiel.is_terminal():
        player = spiel.current_player()
        assert ours.to_act == seat_of[player], "turn order or trick winner differs"
        theirs = {from_openspiel(a) for a in spiel.legal_actions()}
        mine = set(ours.legal_actions())
        assert theirs <= mine  # OpenSpiel is never more permissive
        if mine != theirs:
            assert ours.broken and not ours.trick  # difference 2, at a lead only
            wider = True
        card = rng.choice(sorted(theirs))
        spiel.apply_action(to_openspiel(card))
        ours.apply(card)
    assert ours.awaiting_deal or ours.is_over
    stats["hands"] += 1
    stats["wider_leads"] += wider

    line = ours.sheet[0]
    returns = spiel.returns()
    for p in (0, 1):
        side = seat_of[p] & 1
        side_bids = (line.bids[side], line.bids[side + 2])
        side_tricks = (line.tricks[side], line.tricks[side + 2])
        assert side_tricks == (
            spiel_tricks(spiel, seat_of.index(side)),
            spiel_tricks(spiel, seat_of.index(side + 2)),
        )
        failed_nil = any(b == NIL and t > 0 for b, t in zip(side_bids, side_tricks, strict=True))
        if failed_nil:  # differences 3 and 4
            stats["failed_nil_sides"] += 1
            assert returns[p] == openspiel_side_score(side_bids, side_tricks)
        else:
            stats["compared_sides"] += 1
            assert line.sides[side].score == returns[p], (index, side_bids, side_tricks)


def spiel_tricks(spiel: object, player: int) -> int:
    """Tricks taken by an OpenSpiel player, read from its terminal text."""
    text = str(spiel)
    block = text.split("Tricks taken:")[1].split("\n")
    counts = [int(x) for x in block[3].split()]
    return counts[player]


def test_scores_agree_with_openspiel() -> None:
    # rule: S-13 — contracts, overtricks and the bag penalty agree with OpenSpiel
    # rule: S-14 — a made nil scores apart from the partner's contract in both
    # rule: S-12 — the same trick winners (the turn order is compared every card)
    stats = {
        "hands": 0,
        "compared_sides": 0,
        "failed_nil_sides": 0,
        "wider_leads": 0,
        "bids_limited": 0,
    }
    for index in range(HANDS):
        play_hand(index, stats)
    assert stats["hands"] == HANDS
    assert stats["compared_sides"] >= HANDS  # most sides have no listed difference
    assert stats["failed_nil_sides"] > 0  # differences 3-4 did arise and were checked
    assert stats["wider_leads"] > 0  # difference 2 did arise (S-11 spades broken)
    assert stats["bids_limited"] > 0  # difference 1 did constrain bids
