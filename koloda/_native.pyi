"""Type stubs of the extension module built from native/ (the Rust engine), checked against
the built module by ``python -m mypy.stubtest koloda._native`` (``make native-check``)."""

from typing import Any, Self, TypedDict, Unpack, final

from typing_extensions import disjoint_base

__all__ = [
    "GAMES",
    "HundredOneBatchTables",
    "HundredOneCore",
    "KingBatchTables",
    "KingCore",
    "SpadesBatchTables",
    "SpadesCore",
    "TressetteBatchTables",
    "TressetteCore",
    "analysis_king",
    "analysis_king_dealt",
    "analysis_spades",
    "analysis_spades_dealt",
    "analysis_tressette",
    "analysis_tressette_dealt",
    "hundred_one_batch_encode",
    "hundred_one_batch_step",
    "hundred_one_belief_weight",
    "hundred_one_deal_hidden",
    "hundred_one_playouts",
    "hundred_one_policy_action",
    "hundred_one_rollout",
    "ismcts_hundred_one",
    "ismcts_king",
    "ismcts_spades",
    "ismcts_tressette",
    "king_batch_encode",
    "king_batch_step",
    "king_playouts",
    "king_policy_action",
    "pimc_hundred_one",
    "pimc_king",
    "pimc_spades",
    "pimc_tressette",
    "sample_masked",
    "seeded_shuffle",
    "spades_batch_encode",
    "spades_batch_step",
    "spades_bid_model",
    "spades_playouts",
    "spades_policy_action",
    "tressette_batch_encode",
    "tressette_batch_step",
    "tressette_playouts",
    "tressette_policy_action",
]

GAMES: tuple[str, ...]

@disjoint_base
class SpadesCore:
    """A game of Spades in native code; ``koloda.games.spades.native`` subclasses it."""

    rules: Any
    shuffler: Any
    def __init__(self) -> None: ...
    def _configure(self, options: dict[str, Any], first_dealer: int) -> None: ...
    def legal_actions(self) -> Any: ...
    def apply_unchecked(self, action: int) -> None: ...
    def is_legal(self, action: int) -> bool: ...
    def illegal_reason(self, action: int) -> str | None: ...
    def clone(self) -> Self: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def to_act_seat(self) -> int: ...
    def _apply_events(self, action: int) -> tuple[list[dict[str, Any]], bool]: ...
    def _deal(self, hands: list[list[int]]) -> list[dict[str, Any]]: ...
    def _load(self, position: dict[str, Any]) -> None: ...
    def _position(self) -> dict[str, Any]: ...
    @property
    def phase(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def dealt(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def picked_up(self) -> list[bool]: ...
    @property
    def bids(self) -> list[int]: ...
    @property
    def pending(self) -> list[int]: ...
    @property
    def sent(self) -> list[int]: ...
    @property
    def received(self) -> list[int]: ...
    @property
    def history(self) -> list[int]: ...
    @property
    def trick_count(self) -> int: ...
    @property
    def lead_suit(self) -> int: ...
    @property
    def tricks(self) -> list[int]: ...
    @property
    def broken(self) -> bool: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def bags(self) -> list[int]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    def outcome(self) -> tuple[float, ...]: ...
    def _current_record(self) -> dict[str, Any]: ...
    def _completed(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _sheet_count(self) -> int: ...
    def _sheet_lines(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _view(self, seat: int) -> dict[str, Any]: ...

def spades_playouts(
    options: dict[str, Any],
    games: int,
    seed: int,
    deal_limit: int = 0,
) -> dict[str, Any]: ...

@disjoint_base
class KingCore:
    """A game of King in native code; ``koloda.games.king.native`` subclasses it."""

    rules: Any
    shuffler: Any
    def __init__(self) -> None: ...
    def _configure(self, options: dict[str, Any], first_dealer: int) -> None: ...
    def legal_actions(self) -> tuple[int, ...]: ...
    def apply_unchecked(self, action: int) -> None: ...
    def is_legal(self, action: int) -> bool: ...
    def illegal_reason(self, action: int) -> str | None: ...
    def clone(self) -> Self: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def to_act_seat(self) -> int: ...
    def _apply_events(self, action: int) -> tuple[list[dict[str, Any]], bool]: ...
    def _deal(self, hands: list[list[int]]) -> list[dict[str, Any]]: ...
    def _load(self, position: dict[str, Any]) -> None: ...
    def _position(self) -> dict[str, Any]: ...
    @property
    def phase(self) -> int: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def contract(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def by_last(self) -> bool: ...
    @property
    def caller(self) -> int: ...
    @property
    def dealt(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def history(self) -> list[int]: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def taken(self) -> list[int]: ...
    @property
    def last_tricks(self) -> list[int]: ...
    @property
    def trick_count(self) -> int: ...
    @property
    def lead_suit(self) -> int: ...
    @property
    def trick_leader(self) -> int: ...
    @property
    def tricks(self) -> list[int]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def rows(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def totals(self) -> list[int]: ...
    def outcome(self) -> tuple[float, ...]: ...
    def _current_record(self) -> dict[str, Any]: ...
    def _completed(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _sheet_count(self) -> int: ...
    def _sheet_lines(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _view(self, seat: int) -> dict[str, Any]: ...

def king_playouts(
    options: dict[str, Any],
    games: int,
    seed: int,
    deal_limit: int = 0,
) -> dict[str, Any]: ...
def seeded_shuffle(seed: str, index: int, items: list[int]) -> list[int]: ...

@disjoint_base
class TressetteCore:
    """A group of Tressette in native code; ``koloda.games.tressette.native`` subclasses it."""

    rules: Any
    shuffler: Any
    def __init__(self) -> None: ...
    def _configure(self, options: dict[str, Any], first_dealer: int) -> None: ...
    def legal_actions(self) -> tuple[int, ...]: ...
    def apply_unchecked(self, action: int) -> None: ...
    def is_legal(self, action: int) -> bool: ...
    def illegal_reason(self, action: int) -> str | None: ...
    def clone(self) -> Self: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def to_act_seat(self) -> int: ...
    def _apply_events(self, action: int) -> tuple[list[dict[str, Any]], bool]: ...
    def _deal(self, hands: list[list[int]]) -> list[dict[str, Any]]: ...
    def _load(self, position: dict[str, Any]) -> None: ...
    def _position(self) -> dict[str, Any]: ...
    @property
    def phase(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def dealt(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def taken(self) -> list[int]: ...
    @property
    def history(self) -> list[int]: ...
    @property
    def trick_count(self) -> int: ...
    @property
    def lead_suit(self) -> int: ...
    @property
    def tricks(self) -> list[int]: ...
    @property
    def points(self) -> list[int]: ...
    @property
    def deal_declared(self) -> list[int]: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def settled_points(self) -> tuple[int, int]: ...
    @property
    def settled_games(self) -> int: ...
    def _games(self) -> tuple[dict[str, int], ...]: ...
    def _declarations(self) -> tuple[tuple[dict[str, Any], ...], ...]: ...
    def outcome(self) -> tuple[float, ...]: ...
    def _current_record(self) -> dict[str, Any]: ...
    def _completed(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _sheet_count(self) -> int: ...
    def _sheet_lines(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _view(self, seat: int) -> dict[str, Any]: ...

def tressette_playouts(
    options: dict[str, Any], games: int, seed: int, deal_limit: int = 0
) -> dict[str, Any]: ...

@disjoint_base
class HundredOneCore:
    """A game of 101 in native code; ``koloda.games.hundred_one.native`` subclasses it."""

    rules: Any
    shuffler: Any
    stock: list[int]
    def __init__(self) -> None: ...
    def _configure(self, options: dict[str, Any], first_dealer: int) -> None: ...
    def legal_actions(self) -> tuple[int, ...]: ...
    def apply_unchecked(self, action: int) -> None: ...
    def is_legal(self, action: int) -> bool: ...
    def illegal_reason(self, action: int) -> str | None: ...
    def clone(self) -> Self: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def to_act_seat(self) -> int: ...
    def _apply_events(self, action: int) -> list[dict[str, Any]]: ...
    def _deal_setup(self, setup: dict[str, Any]) -> list[dict[str, Any]]: ...
    def _deal_shuffled(self) -> list[dict[str, Any]]: ...
    def _deal_from_shuffler(self) -> None: ...
    def _load(
        self, position: dict[str, Any], completed: list[dict[str, Any]] | None = None
    ) -> None: ...
    def _position(self) -> dict[str, Any]: ...
    @property
    def phase(self) -> int: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def pile(self) -> list[int]: ...
    @property
    def top(self) -> int: ...
    @property
    def suit(self) -> int: ...
    @property
    def drawn(self) -> int: ...
    @property
    def epoch(self) -> int: ...
    @property
    def log(self) -> list[int]: ...
    @property
    def restocks(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def totals(self) -> list[int]: ...
    def outcome(self) -> tuple[float, ...]: ...
    def _current_record(self) -> dict[str, Any]: ...
    def _completed(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _sheet_count(self) -> int: ...
    def _sheet_lines(self, start: int) -> tuple[dict[str, Any], ...]: ...
    def _view(self, seat: int) -> dict[str, Any]: ...

def hundred_one_playouts(
    options: dict[str, Any], games: int, seed: int, deal_limit: int = 0
) -> dict[str, Any]: ...

# the vector environment's native path (native/src/python/vector.rs); the arrays are numpy
# arrays, written in place: obs float32 (n, size), mask uint8 (n, num_actions), seats int64 (n,)
def sample_masked(mask: Any, num_actions: int, uniforms: Any, out: Any) -> None: ...

@final
class SpadesBatchTables:
    def __new__(cls, flat: list[int]) -> Self: ...

def spades_batch_step(
    states: list[SpadesCore], indices: Any, tables: SpadesBatchTables
) -> list[tuple[int, tuple[int, ...] | None]]: ...
def spades_batch_encode(
    states: list[SpadesCore], tables: SpadesBatchTables, obs: Any, mask: Any, seats: Any
) -> list[int]: ...

@final
class KingBatchTables:
    def __new__(cls, flat: list[int]) -> Self: ...

def king_batch_step(
    states: list[KingCore], indices: Any, tables: KingBatchTables
) -> list[tuple[int, tuple[int, ...] | None]]: ...
def king_batch_encode(
    states: list[KingCore], tables: KingBatchTables, obs: Any, mask: Any, seats: Any
) -> list[int]: ...

@final
class HundredOneBatchTables:
    def __new__(cls, flat: list[int]) -> Self: ...

def hundred_one_batch_step(
    states: list[HundredOneCore], indices: Any, tables: HundredOneBatchTables
) -> list[tuple[int, tuple[int, ...] | None]]: ...
def hundred_one_batch_encode(
    states: list[HundredOneCore], tables: HundredOneBatchTables, obs: Any, mask: Any, seats: Any
) -> list[int]: ...

@final
class TressetteBatchTables:
    def __new__(cls, flat: list[int]) -> Self: ...

def tressette_batch_step(
    states: list[TressetteCore], indices: Any, tables: TressetteBatchTables
) -> list[tuple[int, tuple[int, ...] | None]]: ...
def tressette_batch_encode(
    states: list[TressetteCore], tables: TressetteBatchTables, obs: Any, mask: Any, seats: Any
) -> list[int]: ...

# ----- native search (native/src/python/search.rs) ---------------------------------------
# A search's settings are keyword arguments (the crate's settings structs: an unknown name
# or a value of the wrong type is a ValueError); what it found comes back as a dict.

_Place = tuple[int, int, int, int]
"""One seat's hidden cards: ``(size, excluded, held, at_least_one)``."""
_Limit = tuple[int, int, int]
"""At most ``most`` cards of ``set`` in ``seat``'s hand: ``(seat, set, most)``."""

class _IsmctsSettings(TypedDict, total=False):
    simulations: int | None
    milliseconds: float | None
    seed: int
    exploration: float
    heuristic: bool
    limits: list[_Limit]

class _IsmctsFound(TypedDict):
    action: int
    visits: tuple[tuple[int, int], ...]
    simulations: int
    fallbacks: int
    nodes: int

class _PimcSettings(TypedDict, total=False):
    samples: int | None
    milliseconds: float | None
    seed: int
    exact_cards: int
    rollouts: int
    heuristic: bool
    hands: list[int] | None
    limits: list[_Limit]
    lookahead: bool
    plays: list[tuple[int, int]]
    epsilon: float | None
    candidates: int
    effective: float

class _PimcFound(TypedDict):
    action: int
    values: tuple[tuple[int, float], ...]
    samples: int
    fallbacks: int
    nodes: int

def ismcts_spades(
    state: SpadesCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    **settings: Unpack[_IsmctsSettings],
) -> _IsmctsFound:
    """SO-ISMCTS for ``seat`` to play a card in ``state`` (a position that agrees with the
    seat's view), dealing the ``unseen`` cards to ``places`` (one per seat) every
    iteration, with at most ``most`` cards of ``set`` in a seat's hand for each limit of
    ``limits``; playouts by the game's policy with ``heuristic``: the card, each root card's
    visits, the simulations done, the determinizations that fell back to the position's own
    deal and the nodes of the tree."""

def ismcts_king(
    state: KingCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    **settings: Unpack[_IsmctsSettings],
) -> _IsmctsFound:
    """As ``ismcts_spades``, for King (three or four seats)."""

def pimc_spades(
    state: SpadesCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    start: SpadesCore | None = None,
    **settings: Unpack[_PimcSettings],
) -> _PimcFound:
    """PIMC for ``seat`` to play a card in ``state``, with the same knowledge as
    ``ismcts_spades``: every legal card's mean value over the deals (exact alpha-beta once
    at most ``exact_cards`` cards are left, else ``rollouts`` playouts by the game's policy,
    or random ones without ``heuristic``): the best card, the values, the deals searched,
    the fallback deals and the positions the exact search visited. ``hands``
    replaces every seat's hand first (the cheater's real deal); with ``lookahead`` the
    seat's side looks one card ahead at each of its turns in a playout. With ``start``
    (the position at the deal's first card, agreeing with the view) and ``plays`` (the
    deal's cards since, ``(seat, card)``), the deals are drawn from ``candidates`` in
    proportion to how well they explain the others' decisions: in Spades their bids, and
    with an ``epsilon`` their cards (the heuristic's with an ``epsilon`` chance of any
    legal one); weights that would leave fewer than ``effective`` deals are tempered."""

def pimc_king(
    state: KingCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    start: KingCore | None = None,
    **settings: Unpack[_PimcSettings],
) -> _PimcFound:
    """As ``pimc_spades``, for King (three or four seats)."""

def king_policy_action(state: KingCore) -> int:
    """The card King's heuristic (``koloda.games.king.heuristic.choose``) plays for the seat
    to act in ``state`` during the card play, as the native search's rollouts play it."""

# ----- the games' rollout policies (native/src/python/search.rs) ----------------------------

def spades_policy_action(state: SpadesCore) -> int:
    """The card the Spades heuristic (``koloda.games.spades.heuristic``) plays for the seat to
    act in ``state``, from that seat's hand and the public state; ``ValueError`` outside the
    card play."""

def spades_bid_model(
    hand: int, partner_nil: bool, bid: int | None = None
) -> tuple[bool, int, float]:
    """The Spades heuristic's bid for ``hand`` (a mask of 13 cards) as the native search's
    belief model reads it: whether it bids nil, the number it bids otherwise, and the
    model's weight of ``bid`` (nil: 0) from that hand (1.0 without one)."""

# ----- native search for Tressette (native/src/python/search.rs) ---------------------------

def ismcts_tressette(
    state: TressetteCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    **settings: Unpack[_IsmctsSettings],
) -> _IsmctsFound:
    """As ``ismcts_spades``, for Tressette."""

def pimc_tressette(
    state: TressetteCore,
    seat: int,
    unseen: int,
    places: list[_Place],
    start: TressetteCore | None = None,
    **settings: Unpack[_PimcSettings],
) -> _PimcFound:
    """As ``pimc_spades``, for Tressette."""

def tressette_policy_action(state: TressetteCore) -> int:
    """The card the Tressette heuristic plays for the seat to act, from its own hand and the
    cards played only (ValueError when no card is to be played)."""

def analysis_spades(
    samples: list[SpadesCore], seat: int, exact_cards: int = 12
) -> list[tuple[int, float]] | None:
    """The post-game analysis's values (``koloda.bots.analysis``): each legal action of
    ``seat``'s decision (to act in every sample, with the same legal actions) and its mean
    value in points over the sampled positions, lowest code first: exactly (paranoid
    alpha-beta) for a card once at most ``exact_cards`` cards are in the hands, else by a
    playout of the heuristic at every seat. None where a playout meets a decision the native
    heuristic does not make; ValueError for no samples or samples that disagree."""

def analysis_spades_dealt(
    root: SpadesCore,
    seat: int,
    unseen: int,
    places: list[tuple[int, int, int, int]],
    samples: int,
    seed: int,
    exact_cards: int = 12,
    limits: list[tuple[int, int, int]] | None = None,
) -> list[tuple[int, float]] | None:
    """As ``analysis_spades`` over ``samples`` positions dealt natively from ``root`` (in the
    card play) by the seat's knowledge of the unseen cards (as ``pimc_spades`` takes it),
    from ``seed``."""

def analysis_king(
    samples: list[KingCore], seat: int, exact_cards: int = 12
) -> list[tuple[int, float]] | None:
    """As ``analysis_spades``, for King (a seat's own points)."""

def analysis_king_dealt(
    root: KingCore,
    seat: int,
    unseen: int,
    places: list[tuple[int, int, int, int]],
    samples: int,
    seed: int,
    exact_cards: int = 12,
    limits: list[tuple[int, int, int]] | None = None,
) -> list[tuple[int, float]] | None:
    """As ``analysis_spades_dealt``, for King."""

def analysis_tressette(
    samples: list[TressetteCore], seat: int, exact_cards: int = 12
) -> list[tuple[int, float]] | None:
    """As ``analysis_spades``, for Tressette."""

def analysis_tressette_dealt(
    root: TressetteCore,
    seat: int,
    unseen: int,
    places: list[tuple[int, int, int, int]],
    samples: int,
    seed: int,
    exact_cards: int = 12,
    limits: list[tuple[int, int, int]] | None = None,
) -> list[tuple[int, float]] | None:
    """As ``analysis_spades_dealt``, for Tressette."""

# ----- native search of 101 (native/src/python/search.rs) --------------------------------

def hundred_one_policy_action(state: HundredOneCore) -> int:
    """The heuristic's action (``hundred_one/heuristic.py``) for the seat to act in
    ``state``, from its own hand and public facts only."""

def hundred_one_belief_weight(
    state: HundredOneCore, seat: int, epsilon: float = 0.1, seed: int = 0
) -> float:
    """The belief model's weight (``hundred_one/beliefs.py``) of the deal ``state`` as
    ``seat`` sees its hand: how likely the others' decisions of the public log were under
    the heuristic with ``epsilon`` any legal move (0 when no history fits)."""

def hundred_one_rollout(state: HundredOneCore, seat: int, seed: int = 0) -> float:
    """One heuristic rollout of ``state`` as it is to the end of its hand (reshuffles of
    the pile from ``seed``): the reward of ``seat`` (``GameInfo.rewards``)."""

class _HundredOneDealing(TypedDict, total=False):
    milliseconds: float | None
    seed: int
    epsilon: float | None
    deals: int
    hidden: tuple[int, list[tuple[int, int, int]]] | None
    dealt: int

class _HundredOnePimcSettings(_HundredOneDealing, total=False):
    samples: int | None
    rollout_epsilon: float
    lookahead: bool
    lookahead_rollouts: int

class _HundredOnePimcFound(TypedDict):
    values: tuple[tuple[int, float], ...]
    samples: int
    effective: float
    candidates: int

class _HundredOneIsmctsSettings(_HundredOneDealing, total=False):
    iterations: int | None
    exploration: float
    lookahead: int

class _HundredOneIsmctsFound(TypedDict):
    values: tuple[tuple[int, float, int], ...]
    iterations: int
    effective: float
    candidates: int
    nodes: int

def pimc_hundred_one(
    states: list[HundredOneCore], **settings: Unpack[_HundredOnePimcSettings]
) -> _HundredOnePimcFound:
    """PIMC for the seat to act in ``states`` (deals that agree with its view), with
    ``dealt`` more deals dealt natively from ``hidden`` (the unseen cards and one ``(seat,
    size, excluded)`` per place, the stock's seat being the number of seats): with an
    ``epsilon`` the deals are weighed by the belief model and ``deals`` of them drawn in
    proportion; each legal action's mean reward over heuristic rollouts, the deals
    searched, the effective number of weighed deals and the number of candidates. With
    ``lookahead`` the seat looks one action ahead at each of its decisions in a rollout
    (on the deal with its stock shuffled again: the seat does not know the stock's order),
    each action valued by ``lookahead_rollouts`` playouts, each on the stock shuffled anew."""

def ismcts_hundred_one(
    states: list[HundredOneCore], **settings: Unpack[_HundredOneIsmctsSettings]
) -> _HundredOneIsmctsFound:
    """ISMCTS for the seat to act in ``states`` over its own decisions (keyed by what it
    knows at them), the others playing the heuristic, on deals drawn as
    ``pimc_hundred_one`` draws them: each legal action at the root with its mean reward and
    visits, the iterations, the effective number of weighed deals, the candidates and the
    nodes of the tree."""

def hundred_one_deal_hidden(
    state: HundredOneCore, hidden: tuple[int, list[tuple[int, int, int]]], seed: int = 0
) -> tuple[list[int], list[int]] | None:
    """The hands and the stock (its top card last) of ``state`` with the unseen cards dealt
    anew from ``hidden`` (as ``pimc_hundred_one`` takes it) for the seat to act, or None
    when the random deals fail."""
