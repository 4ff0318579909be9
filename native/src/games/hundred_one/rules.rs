//! 101 (docs/rules/hundred_one.md), exactly as `koloda/games/hundred_one` plays it: 36 cards,
//! a starter that acts on the first player (H-7), match the top card by suit or rank or
//! play a queen and name a suit (H-4, H-6), sixes, sevens and aces acting on the next
//! player (H-5), draw when unable or unwilling to play (H-8..H-10), the discard pile
//! reshuffled into a new stock when a card must be drawn (H-11), penalties when a hand
//! ends (H-12..H-15) and the game over at 101 (H-16).
//!
//! The state keeps the same public log as the Python engine (`seat << 8 | code`), from
//! which views and sampled states learn what each seat may know.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::cards::rank::{ACE, QUEEN, SEVEN, SIX};
use crate::core::cards::{CardBits, CardCode, Cards};
use crate::core::events::EventSink;
use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::shuffle::seeded_shuffle;
use crate::core::{Seat, Suit};
use crate::games::{Deals, Playouts};

use super::position::HundredOnePosition;
use super::record::{deck_cards_only, deck_lists_only};

crate::coded_enum! {
    /// Where a game of 101 stands: `PHASE_NAMES` of the Python state, in its order.
    pub enum Phase { AwaitDeal, Play, AfterDraw, NameSuit, Over }
}

/// `suit:<S>` is `SUIT_BASE + suit`; `draw` and `pass` (`actions.py`).
pub const SUIT_BASE: u32 = 64;
pub const DRAW: u32 = 70;
pub const PASS: u32 = 71;
/// The automatic steps of the public log.
pub const DREW: u16 = 128;
pub const NOTHING: u16 = 129;
pub const RESTOCK: u16 = 130;

pub const MAX_SEATS: usize = 6;
const EACH_SUIT: CardBits = 1 | 1 << 16 | 1 << 32 | 1 << 48;
/// H-1: 6 7 8 9 10 J Q K A in four suits.
pub const DECK_36: CardBits = 0x1FF0 * EACH_SUIT;
pub const QUEENS: CardBits = (1 << QUEEN) * EACH_SUIT;
const OUT_ON_QUEEN_BONUS: i64 = -30;
const QUEEN_HELD_PENALTY: i64 = 40;
const LOSING_TOTAL: i64 = 101;

/// H-4, H-6: the cards that may go on `card` (its suit, its rank, any queen).
#[inline]
pub const fn follow_of(card: CardCode) -> CardBits {
    (0x1FF0 << (16 * (card >> 4) as u32)) | ((1 << (card & 15)) * EACH_SUIT) | QUEENS
}

/// H-6: after a queen and a named suit: that suit or another queen.
#[inline]
pub const fn named_follow(suit: u8) -> CardBits {
    (0x1FF0 << (16 * suit as u32)) | QUEENS
}

/// H-15: what a queen left in hand costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum QueenInHand {
    /// Its points and 40 more.
    #[serde(rename = "plus_40")]
    Plus40,
    /// 40 instead of its points.
    #[serde(rename = "instead_40")]
    Instead40,
}

/// The agreed rules (`HundredOneOptions`, read by the same names and values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct HundredOneOptions {
    pub players: u8,
    pub hand_size: u8,
    pub voluntary_draw: bool,
    pub draw_six: u8,
    pub draw_seven: u8,
    pub queen_in_hand: QueenInHand,
}

impl Default for HundredOneOptions {
    fn default() -> Self {
        HundredOneOptions {
            players: 4,
            hand_size: 3,
            voluntary_draw: false,
            draw_six: 1,
            draw_seven: 2,
            queen_in_hand: QueenInHand::Plus40,
        }
    }
}

/// H-13, H-15: the penalty of every card code (`scoring.penalty_table`).
pub fn penalty_table(options: &HundredOneOptions) -> [i64; 64] {
    let by_rank: [i64; 13] = [0, 0, 0, 0, 6, 7, 8, 9, 10, 2, 3, 4, 11];
    let mut table = [0i64; 64];
    for card in Cards(DECK_36) {
        let rank = card & 15;
        table[card as usize] = if rank == QUEEN {
            if options.queen_in_hand == QueenInHand::Plus40 {
                by_rank[QUEEN as usize] + QUEEN_HELD_PENALTY
            } else {
                QUEEN_HELD_PENALTY
            }
        } else {
            by_rank[rank as usize]
        };
    }
    table
}

/// A hand's setup as a record gives it: hands in dealt order, the starter, the stock top
/// card first, and the restocks the record gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub hands: Vec<Vec<CardCode>>,
    pub starter: CardCode,
    pub stock: Vec<CardCode>,
    pub restocks: Vec<Vec<CardCode>>,
}

/// Where a hand's cards came from: a shuffled deck (its setup built on demand) or a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSource {
    None,
    Cards([CardCode; 36]),
    Given(Arc<Setup>),
}

/// A finished hand as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completed {
    source: DealSource,
    dealer: u8,
    restocks: Arc<Vec<Vec<CardCode>>>,
    log: Vec<u16>,
}

impl Completed {
    /// The record of a hand from where its cards came from, its dealer, the new stocks of
    /// its reshuffles and its public log.
    pub fn new(
        source: DealSource,
        dealer: u8,
        restocks: Arc<Vec<Vec<CardCode>>>,
        log: Vec<u16>,
    ) -> Self {
        Completed {
            source,
            dealer,
            restocks,
            log,
        }
    }

    crate::games::getters! {
        /// Where the hand's cards came from.
        source: &DealSource;
        /// Who dealt the hand.
        dealer: u8;
        /// The new stocks of the hand's reshuffles (H-11), in order.
        restocks: &[Vec<CardCode>];
        /// The hand's public log, as `seat << 8 | code`.
        log: &[u16];
    }
}

/// One line of the score sheet (`state.DealSummary`). The scores are those of the seats
/// that play (up to six: more than `core::BySeat` holds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub deal: u32,
    pub dealer: u8,
    pub out: u8,
    pub out_on_queen: bool,
    pub scores: Vec<i64>,
}

/// What happened, for the checked path; serialized with its kind as the Python engine's
/// event is made from it (`koloda.core.events`, `koloda.games.hundred_one.events`; the
/// deal's start, whose hands are the setup's as dealt, is made by the Python side).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind")]
pub enum HundredOneEvent {
    #[serde(rename = "deal")]
    DealStarted,
    #[serde(rename = "starter")]
    StarterTurned { card: CardCode },
    #[serde(rename = "card")]
    CardPlayed { seat: u8, card: CardCode },
    #[serde(rename = "drawn")]
    CardDrawn {
        seat: u8,
        card: CardCode,
        forced: bool,
    },
    #[serde(rename = "nothing")]
    NothingToDraw { seat: u8 },
    #[serde(rename = "skipped")]
    TurnSkipped { seat: u8 },
    #[serde(rename = "suit")]
    SuitNamed { seat: u8, suit: u8 },
    #[serde(rename = "passed")]
    Passed { seat: u8 },
    #[serde(rename = "restocked")]
    Restocked { size: u8 },
    /// The hand's points of the seats that play (H-13..H-15).
    #[serde(rename = "scored")]
    DealScored { deal: u32, scores: Vec<i64> },
    /// H-16: each seat's outcome (minus its total) and the seats with the fewest points.
    #[serde(rename = "over")]
    GameOver {
        #[serde(rename = "totals")]
        outcome: Vec<f64>,
        winners: Vec<u8>,
    },
}

/// Chance: the shuffled deck of the next hand and the new stock of a reshuffle (H-11), or
/// None when nothing deals (the next hand awaits a given setup; a reshuffle the record
/// does not give is an error).
pub trait Chance {
    fn deck(&mut self, deal: u32) -> Option<[CardCode; 36]>;
    fn restock(&mut self, below: &[CardCode], index: u64) -> Option<Vec<CardCode>>;
}

/// No shuffler: every hand and every restock must be given.
pub struct NoChance;

impl Chance for NoChance {
    fn deck(&mut self, _deal: u32) -> Option<[CardCode; 36]> {
        None
    }
    fn restock(&mut self, _below: &[CardCode], _index: u64) -> Option<Vec<CardCode>> {
        None
    }
}

/// The core `Shuffler` with a seed, bit for bit (`seed` as Python's f-string writes it).
pub struct Seeded<'a>(pub &'a str);

/// The 36 cards in the deck's canonical order (`DECK_36.cards`: by suit, then rank).
pub fn deck_cards() -> [CardCode; 36] {
    let mut deck = [0u8; 36];
    for (slot, card) in deck.iter_mut().zip(Cards(DECK_36)) {
        *slot = card;
    }
    deck
}

impl Chance for Seeded<'_> {
    fn deck(&mut self, deal: u32) -> Option<[CardCode; 36]> {
        let cards = seeded_shuffle(self.0, deal as u64, &deck_cards());
        let mut deck = [0u8; 36];
        deck.copy_from_slice(&cards);
        Some(deck)
    }
    fn restock(&mut self, below: &[CardCode], index: u64) -> Option<Vec<CardCode>> {
        Some(seeded_shuffle(self.0, index, below))
    }
}

impl Chance for Rng {
    fn deck(&mut self, _deal: u32) -> Option<[CardCode; 36]> {
        let mut deck = deck_cards();
        self.shuffle(&mut deck);
        Some(deck)
    }
    fn restock(&mut self, below: &[CardCode], _index: u64) -> Option<Vec<CardCode>> {
        let mut cards = below.to_vec();
        self.shuffle(&mut cards);
        Some(cards)
    }
}

/// Why a record's restocks do not fit the play (`state.RestockError`); as plain data, its
/// fields with its `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum RestockError {
    /// Restock `used` is not the discard pile below its top card (`below`).
    Mismatch { used: u32, below: Vec<CardCode> },
    /// The pile must be reshuffled but the record gives no restock `used`.
    Missing { used: u32 },
    /// The hand ended on `last_card` after `used` restocks of the `given`.
    Unused {
        used: u32,
        given: u32,
        last_card: CardCode,
    },
}

/// A game of 101 in progress (`state.HundredOneState`).
#[derive(Clone, Debug)]
pub struct HundredOne {
    options: HundredOneOptions,
    penalties: [i64; 64],
    /// By rank: the cards the next seat draws before he loses his turn (H-5), for the
    /// ranks that make him skip.
    skips: [Option<u8>; 16],
    n: u8,
    phase: Phase,
    to_act: Option<Seat>,
    deals: Deals<Completed, Line>,
    hands: [CardBits; MAX_SEATS],
    /// The stock, its top card last.
    stock: [CardCode; 36],
    stock_len: u8,
    /// The discard pile, its top card last.
    pile: [CardCode; 36],
    pile_len: u8,
    top: Option<CardCode>,
    suit: Option<Suit>,
    follow: CardBits,
    drawn: Option<CardCode>,
    epoch: u32,
    log: Vec<u16>,
    starter: Option<CardCode>,
    source: DealSource,
    restocks: Arc<Vec<Vec<CardCode>>>,
    restocks_used: u32,
    totals: [i64; MAX_SEATS],
}

impl HundredOne {
    /// A new game awaiting its first hand (`first_dealer` must be a seat of the table).
    pub fn new(options: HundredOneOptions, first_dealer: u8) -> Self {
        let mut skips = [None; 16];
        skips[SIX as usize] = Some(options.draw_six);
        skips[SEVEN as usize] = Some(options.draw_seven);
        skips[ACE as usize] = Some(0);
        HundredOne {
            options,
            penalties: penalty_table(&options),
            skips,
            n: options.players,
            phase: Phase::AwaitDeal,
            to_act: None,
            deals: Deals::new(first_dealer),
            hands: [0; MAX_SEATS],
            stock: [0; 36],
            stock_len: 0,
            pile: [0; 36],
            pile_len: 0,
            top: None,
            suit: None,
            follow: 0,
            drawn: None,
            epoch: 0,
            log: Vec::new(),
            starter: None,
            source: DealSource::None,
            restocks: Arc::new(Vec::new()),
            restocks_used: 0,
            totals: [0; MAX_SEATS],
        }
    }

    crate::games::state_accessors! {
        options: HundredOneOptions,
        hands: [CardBits; MAX_SEATS],
        totals: MAX_SEATS,
        completed: Completed,
        sheet: Line,
    }

    crate::games::getters! {
        /// Each card's penalty when held at a hand's end (H-13, H-15), by card code.
        penalties: &[i64; 64];
        /// How many seats play (2..6).
        n: u8;
    }

    /// The seat to act, or None between hands and after the game.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The stock, its top card last.
    #[inline]
    pub fn stock(&self) -> &[CardCode] {
        &self.stock[..self.stock_len as usize]
    }

    /// Makes these cards the stock, its top card last (36 at the most).
    #[inline]
    pub fn set_stock(&mut self, cards: &[CardCode]) {
        self.stock[..cards.len()].copy_from_slice(cards);
        self.stock_len = cards.len() as u8;
    }

    /// Shuffles the stock (the order of its cards is nobody's knowledge).
    #[inline]
    pub fn shuffle_stock(&mut self, rng: &mut Rng) {
        rng.shuffle(&mut self.stock[..self.stock_len as usize]);
    }

    /// The discard pile, its top card last.
    #[inline]
    pub fn pile(&self) -> &[CardCode] {
        &self.pile[..self.pile_len as usize]
    }

    /// The pile's top card, or None before a hand's first.
    #[inline]
    pub fn top(&self) -> Option<CardCode> {
        self.top
    }

    /// The suit to follow: the top card's, or the one named on a queen (H-6), or None
    /// before a hand's first card.
    #[inline]
    pub fn suit(&self) -> Option<Suit> {
        self.suit
    }

    /// The cards that may go on the pile now (H-4, H-6).
    #[inline]
    pub fn follow(&self) -> CardBits {
        self.follow
    }

    /// The card just drawn by the seat to act (H-8), or None.
    #[inline]
    pub fn drawn(&self) -> Option<CardCode> {
        self.drawn
    }

    crate::games::getters! {
        /// How many times the pile has become the stock this hand (H-11).
        epoch: u32;
        /// The hand's public log, as `seat << 8 | code` (a card, an action, or `DREW`,
        /// `NOTHING`, `RESTOCK`).
        log: &[u16];
    }

    /// The hand's starter (H-2, H-7), or None before the first hand.
    #[inline]
    pub fn starter(&self) -> Option<CardCode> {
        self.starter
    }

    crate::games::getters! {
        /// Where the hand's cards came from.
        source: &DealSource;
        /// The new stocks of the hand's reshuffles (H-11), given or drawn, in order.
        restocks: &[Vec<CardCode>];
        /// How many of the reshuffles have been used this hand.
        restocks_used: u32;
    }

    /// Puts the game in the position `position` describes (a state of the Python engine);
    /// the options and the finished hands' records stay. A position that does not fit the
    /// table (its seats, its 36 cards, a dealer or a seat out of range, no seat to act in a
    /// hand) is an error and changes nothing.
    pub fn restore(&mut self, position: HundredOnePosition) -> Result<(), String> {
        let n = self.n as usize;
        let seat = |seat: u8| usize::from(seat) < n;
        let source =
            DealSource::from_plain(position.dealt_cards.clone(), position.setup.clone(), n);
        let fits = position.hands.len() == n
            && position.totals.len() == n
            && position.hands.iter().all(|&hand| hand & !DECK_36 == 0)
            && position.stock.len() + position.pile.len() <= 36
            && deck_cards_only(&position.stock)
            && deck_cards_only(&position.pile)
            && [position.top, position.drawn, position.starter]
                .iter()
                .flatten()
                .all(|&card| deck_cards_only(&[card]))
            && deck_lists_only(&position.restocks)
            && seat(position.dealer)
            && seat(position.first_dealer)
            && position.to_act.is_none_or(|to_act| to_act.at() < n)
            && position.to_act.is_some()
                == !matches!(position.phase, Phase::AwaitDeal | Phase::Over)
            && position.sheet.iter().all(|line| line.scores.len() == n);
        let Some(source) = source.filter(|_| fits) else {
            return Err("the position does not fit this table".into());
        };
        self.phase = position.phase;
        self.to_act = position.to_act;
        self.deals
            .restore(position.deal_number, position.dealer, position.sheet);
        self.deals.set_first_dealer(position.first_dealer);
        self.hands = [0; MAX_SEATS];
        self.hands[..n].copy_from_slice(&position.hands);
        self.set_stock(&position.stock);
        self.pile[..position.pile.len()].copy_from_slice(&position.pile);
        self.pile_len = position.pile.len() as u8;
        self.top = position.top;
        self.suit = position.suit;
        self.follow = position.follow;
        self.drawn = position.drawn;
        self.epoch = position.epoch;
        self.starter = position.starter;
        self.log = position.log;
        self.source = source;
        self.restocks = Arc::new(position.restocks);
        self.restocks_used = position.restocks_used;
        self.totals = [0; MAX_SEATS];
        self.totals[..n].copy_from_slice(&position.totals);
        Ok(())
    }

    /// The position the game is in (what [`HundredOne::restore`] takes).
    pub fn position(&self) -> HundredOnePosition {
        let n = self.n as usize;
        let (dealt_cards, setup) = self.source.plain();
        HundredOnePosition {
            phase: self.phase,
            to_act: self.to_act(),
            first_dealer: self.first_dealer(),
            dealer: self.dealer(),
            deal_number: self.deal_number(),
            hands: self.hands[..n].to_vec(),
            stock: self.stock().to_vec(),
            pile: self.pile().to_vec(),
            top: self.top(),
            suit: self.suit(),
            follow: self.follow,
            drawn: self.drawn(),
            epoch: self.epoch,
            starter: self.starter(),
            log: self.log.clone(),
            dealt_cards,
            setup,
            restocks: self.restocks.to_vec(),
            restocks_used: self.restocks_used,
            totals: self.totals[..n].to_vec(),
            sheet: self.sheet().to_vec(),
        }
    }

    /// Makes these the finished hands' records (a game restored from a Python state's).
    pub fn restore_records(&mut self, completed: Vec<Completed>) {
        self.deals.set_completed(completed);
    }

    /// A copy for search: the hand in progress only (no past hands to copy at the end of a
    /// rollout) and no reshuffle given in advance.
    pub fn for_search(&self) -> Self {
        let mut copy = self.clone();
        copy.deals.forget_finished();
        let used = copy.restocks_used as usize;
        if copy.restocks.len() > used {
            copy.restocks = Arc::new(copy.restocks[..used].to_vec());
        }
        copy
    }

    /// The seat after `seat` clockwise (H-3).
    #[inline]
    fn next(&self, seat: u8) -> Seat {
        Seat::new(if seat + 1 < self.n { seat + 1 } else { 0 })
    }

    /// In `play`: the playable cards and whether `draw` is legal too (H-4, H-6, H-8..H-10);
    /// neither when no seat is to act.
    #[inline]
    pub fn playable(&self) -> (CardBits, bool) {
        let Some(seat) = self.to_act else {
            return (0, false);
        };
        let playable = self.hands[seat.at()] & self.follow;
        (
            playable,
            playable & !QUEENS == 0 || self.options.voluntary_draw,
        )
    }

    /// The legal actions, lowest code first.
    pub fn legal_codes(&self) -> Vec<u32> {
        let mut legal = [0; 40];
        let count = self.legal_actions(&mut legal);
        legal[..count].to_vec()
    }

    /// The legal actions, lowest code first, into `out`; returns how many.
    pub fn legal_actions(&self, out: &mut [u32; 40]) -> usize {
        match self.phase {
            Phase::Play => {
                let (playable, draw) = self.playable();
                let mut count = 0;
                for card in Cards(playable) {
                    out[count] = card as u32;
                    count += 1;
                }
                if draw {
                    out[count] = DRAW;
                    count += 1;
                }
                count
            }
            Phase::AfterDraw => match self.drawn {
                Some(drawn) if self.follow >> drawn & 1 == 1 => {
                    out[0] = drawn as u32; // H-8: play the drawn card at once, or pass
                    out[1] = PASS;
                    2
                }
                _ => {
                    out[0] = PASS;
                    1
                }
            },
            Phase::NameSuit => {
                for (suit, slot) in out[..4].iter_mut().enumerate() {
                    *slot = SUIT_BASE + suit as u32;
                }
                4
            }
            _ => 0,
        }
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: i64) -> bool {
        let mut legal = [0u32; 40];
        let count = self.legal_actions(&mut legal);
        legal[..count].iter().any(|&a| a as i64 == action)
    }

    /// Why `action`, in a hand and not legal, is illegal (H-4, H-6..H-8, H-10): what `check`
    /// gives then.
    fn illegal(&self, action: i64) -> IllegalMove {
        match self.phase {
            Phase::NameSuit => {
                return IllegalMove::breaks("a suit must be named after a queen", "H-6, H-7")
            }
            Phase::AfterDraw => {
                let drawn = self.drawn.map(i64::from);
                return if (0..64).contains(&action) && Some(action) != drawn {
                    IllegalMove::breaks("after a draw only the drawn card may be played", "H-8")
                } else if Some(action) == drawn {
                    IllegalMove::DrawnDoesNotMatch {
                        card: action as CardCode,
                        rule: "H-4, H-8",
                    }
                } else {
                    IllegalMove::breaks(
                        "after a draw: play the drawn card if it matches, or pass",
                        "H-8",
                    )
                };
            }
            _ => {}
        }
        if action == PASS as i64 {
            return IllegalMove::breaks("pass only after drawing a card", "H-8");
        }
        if action == DRAW as i64 {
            return IllegalMove::breaks(
                "a player holding a playable card other than a queen must play",
                "H-10",
            );
        }
        if (SUIT_BASE as i64..SUIT_BASE as i64 + 4).contains(&action) {
            return IllegalMove::breaks("a suit is named only after a queen", "H-6");
        }
        if !(0..64).contains(&action) {
            return IllegalMove::NoSuchAction { game: "101" };
        }
        // a hand in progress has a seat to act, a card on the pile and a suit to follow
        let (Some(seat), Some(top), Some(suit)) = (self.to_act, self.top, self.suit) else {
            return IllegalMove::BetweenDeals;
        };
        let card = action as CardCode;
        if self.hands[seat.at()] >> action & 1 == 0 {
            let seat = seat.index();
            return IllegalMove::NotInHand { card, seat };
        }
        if top & 15 == QUEEN {
            IllegalMove::NotNamedSuit {
                card,
                suit: suit.index(),
                rule: "H-6",
            }
        } else {
            IllegalMove::NoMatch {
                card,
                top,
                rule: "H-4",
            }
        }
    }

    /// A uniformly random legal action (the batch path's random player).
    pub fn random_action(&self, rng: &mut Rng) -> u32 {
        let mut legal = [0u32; 40];
        let count = self.legal_actions(&mut legal);
        legal[rng.below(count as u32) as usize]
    }

    #[inline]
    fn log_push(&mut self, seat: u8, code: u16) {
        self.log.push((seat as u16) << 8 | code);
    }

    /// Applies a legal action (the caller checked it); with no seat to act (between hands,
    /// after the game: no action is legal) nothing happens.
    pub fn step<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        action: u32,
        events: &mut E,
        chance: &mut C,
    ) -> Result<(), RestockError> {
        let Some(seat) = self.to_act.map(Seat::index) else {
            return Ok(());
        };
        if action >= 64 {
            if action == PASS {
                // H-8: he keeps the drawn card
                self.log_push(seat, PASS as u16);
                if E::ON {
                    events.push(HundredOneEvent::Passed { seat });
                }
                self.phase = Phase::Play;
                self.to_act = Some(self.next(seat));
            } else if action == DRAW {
                self.draw_turn(seat, events, chance)?;
            } else {
                self.name_suit(seat, (action - SUIT_BASE) as u8, events);
            }
            return Ok(());
        }
        let card = action as CardCode; // H-4, H-6: play a card
        let hand = self.hands[seat as usize] ^ 1u64 << card;
        self.hands[seat as usize] = hand;
        self.pile[self.pile_len as usize] = card;
        self.pile_len += 1;
        self.log_push(seat, card as u16);
        self.top = Some(card);
        if E::ON {
            events.push(HundredOneEvent::CardPlayed { seat, card });
        }
        if hand == 0 {
            return self.finish_deal(seat, card, events, chance); // H-12
        }
        let rank = card & 15;
        if rank == QUEEN {
            self.phase = Phase::NameSuit; // H-6: the same seat names a suit
            return Ok(());
        }
        self.suit = Some(Suit::from_index(card >> 4));
        self.follow = follow_of(card);
        self.phase = Phase::Play;
        let following = self.next(seat);
        let Some(draws) = self.skips[rank as usize] else {
            self.to_act = Some(following);
            return Ok(());
        };
        self.skip(following.index(), draws, events, chance) // H-5
    }

    /// H-5, H-7, H-11: `seat` draws `draws` cards and loses his turn.
    fn skip<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        seat: u8,
        draws: u8,
        events: &mut E,
        chance: &mut C,
    ) -> Result<(), RestockError> {
        for _ in 0..draws {
            let Some(card) = self.take(seat, events, chance)? else {
                break;
            };
            if E::ON {
                events.push(HundredOneEvent::CardDrawn {
                    seat,
                    card,
                    forced: true,
                });
            }
        }
        if E::ON {
            events.push(HundredOneEvent::TurnSkipped { seat });
        }
        self.to_act = Some(self.next(seat));
        Ok(())
    }

    /// One card from the stock into `seat`'s hand (restocking if needed), or None when
    /// there is nothing to draw.
    fn take<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        seat: u8,
        events: &mut E,
        chance: &mut C,
    ) -> Result<Option<CardCode>, RestockError> {
        if self.stock_len == 0 && !self.restock(events, chance)? {
            self.log_push(seat, NOTHING);
            if E::ON {
                events.push(HundredOneEvent::NothingToDraw { seat });
            }
            return Ok(None);
        }
        self.stock_len -= 1;
        let card = self.stock[self.stock_len as usize];
        self.hands[seat as usize] |= 1u64 << card;
        self.log_push(seat, DREW);
        Ok(Some(card))
    }

    /// H-11: the discard pile but its top card, shuffled, becomes the stock.
    fn restock<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        events: &mut E,
        chance: &mut C,
    ) -> Result<bool, RestockError> {
        let len = self.pile_len as usize;
        if len < 2 {
            return Ok(false);
        }
        let below = &self.pile[..len - 1];
        let used = self.restocks_used;
        let new_stock = if (used as usize) < self.restocks.len() {
            let given = self.restocks[used as usize].clone();
            let mut a = given.clone();
            let mut b = below.to_vec();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return Err(RestockError::Mismatch {
                    used,
                    below: below.to_vec(),
                });
            }
            given
        } else {
            let index = ((self.deal_number() as u64 + 1) << 32) | self.epoch as u64;
            match chance.restock(below, index) {
                Some(cards) => {
                    Arc::make_mut(&mut self.restocks).push(cards.clone());
                    cards
                }
                None => return Err(RestockError::Missing { used }),
            }
        };
        self.restocks_used += 1;
        self.epoch += 1;
        let size = new_stock.len();
        for (slot, &card) in self.stock.iter_mut().zip(new_stock.iter().rev()) {
            *slot = card;
        }
        self.stock_len = size as u8;
        self.pile[0] = self.pile[len - 1];
        self.pile_len = 1;
        self.log.push(RESTOCK);
        if E::ON {
            events.push(HundredOneEvent::Restocked { size: size as u8 });
        }
        Ok(true)
    }

    /// H-8: `seat`, to act, draws one card; he may then play it if it matches, or pass.
    fn draw_turn<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        seat: u8,
        events: &mut E,
        chance: &mut C,
    ) -> Result<(), RestockError> {
        self.log_push(seat, DRAW as u16);
        let Some(card) = self.take(seat, events, chance)? else {
            self.to_act = Some(self.next(seat)); // H-11: he passes
            return Ok(());
        };
        if E::ON {
            events.push(HundredOneEvent::CardDrawn {
                seat,
                card,
                forced: false,
            });
        }
        self.drawn = Some(card);
        self.phase = Phase::AfterDraw;
        Ok(())
    }

    /// H-6: `seat`, to act, names `suit` on his queen.
    fn name_suit<E: EventSink<HundredOneEvent>>(&mut self, seat: u8, suit: u8, events: &mut E) {
        self.log_push(seat, SUIT_BASE as u16 + suit as u16);
        if E::ON {
            events.push(HundredOneEvent::SuitNamed { seat, suit });
        }
        self.suit = Some(Suit::from_index(suit));
        self.follow = named_follow(suit);
        self.phase = Phase::Play;
        // H-6: the queen does not act on the next player; after a queen starter (H-7) the
        // dealer names the suit and the player on his left plays first.
        self.to_act = Some(self.next(seat));
    }

    /// H-2: a hand dealt from a shuffled deck, one card at a time from the dealer's left,
    /// then the starter; the rest is the stock. Its events are only the deal and the
    /// starter (as the Python engine's self-dealt hands).
    pub fn deal_cards<E: EventSink<HundredOneEvent>>(
        &mut self,
        cards: &[CardCode; 36],
        events: &mut E,
    ) {
        let n = self.n as usize;
        let dealt = n * self.options.hand_size as usize;
        let first = self.dealer() as usize + 1;
        let mut masks = [0u64; MAX_SEATS];
        for (i, &card) in cards[..dealt].iter().enumerate() {
            masks[(first + i) % n] |= 1u64 << card;
        }
        let rest = &cards[dealt + 1..];
        for (slot, &card) in self.stock.iter_mut().zip(rest.iter().rev()) {
            *slot = card;
        }
        self.stock_len = rest.len() as u8;
        self.source = DealSource::Cards(*cards);
        let starter = cards[dealt];
        self.begin(masks, starter, Arc::new(Vec::new()), &mut ());
        if E::ON {
            events.push(HundredOneEvent::DealStarted);
            events.push(HundredOneEvent::StarterTurned { card: starter });
        }
    }

    /// Starts the next hand from a given setup (checked by the caller).
    pub fn deal_setup<E: EventSink<HundredOneEvent>>(&mut self, setup: Arc<Setup>, events: &mut E) {
        let mut masks = [0u64; MAX_SEATS];
        for (mask, hand) in masks.iter_mut().zip(&setup.hands) {
            *mask = hand.iter().fold(0, |set, &card| set | 1u64 << card);
        }
        for (slot, &card) in self.stock.iter_mut().zip(setup.stock.iter().rev()) {
            *slot = card;
        }
        self.stock_len = setup.stock.len() as u8;
        let restocks = Arc::new(setup.restocks.clone());
        let starter = setup.starter;
        self.source = DealSource::Given(setup);
        self.begin(masks, starter, restocks, events);
    }

    fn begin<E: EventSink<HundredOneEvent>>(
        &mut self,
        masks: [CardBits; MAX_SEATS],
        starter: CardCode,
        restocks: Arc<Vec<Vec<CardCode>>>,
        events: &mut E,
    ) {
        self.hands = masks;
        self.starter = Some(starter);
        self.pile[0] = starter;
        self.pile_len = 1;
        self.top = Some(starter);
        self.suit = Some(Suit::from_index(starter >> 4));
        self.drawn = None;
        self.epoch = 0;
        self.restocks = restocks;
        self.restocks_used = 0;
        self.log.clear();
        if E::ON {
            events.push(HundredOneEvent::DealStarted);
            events.push(HundredOneEvent::StarterTurned { card: starter });
        }
        let first = self.next(self.dealer()); // H-3
        let rank = starter & 15;
        if rank == QUEEN {
            self.phase = Phase::NameSuit; // H-7 (reading): the dealer names the suit
            self.follow = QUEENS;
            self.to_act = Some(Seat::new(self.dealer()));
            return;
        }
        self.follow = follow_of(starter);
        self.phase = Phase::Play;
        if let Some(draws) = self.skips[rank as usize] {
            // H-7: the starter acts on the first player (a pile of one card never restocks)
            let _ = self.skip(first.index(), draws, events, &mut NoChance);
        } else {
            self.to_act = Some(first);
        }
    }

    /// H-13, H-14, H-15: each seat's points for the hand that `out` ended.
    pub fn deal_scores(&self, out: u8, last_card: CardCode) -> [i64; MAX_SEATS] {
        let mut scores = [0i64; MAX_SEATS];
        for (seat, score) in scores[..self.n as usize].iter_mut().enumerate() {
            *score = if seat == out as usize {
                if last_card & 15 == QUEEN {
                    OUT_ON_QUEEN_BONUS
                } else {
                    0
                }
            } else {
                Cards(self.hands[seat])
                    .map(|c| self.penalties[c as usize])
                    .sum()
            };
        }
        scores
    }

    fn finish_deal<E: EventSink<HundredOneEvent>, C: Chance>(
        &mut self,
        out: u8,
        last_card: CardCode,
        events: &mut E,
        chance: &mut C,
    ) -> Result<(), RestockError> {
        if (self.restocks_used as usize) < self.restocks.len() {
            return Err(RestockError::Unused {
                used: self.restocks_used,
                given: self.restocks.len() as u32,
                last_card,
            });
        }
        let scores = self.deal_scores(out, last_card);
        for (total, score) in self.totals.iter_mut().zip(scores) {
            *total += score;
        }
        let source = std::mem::replace(&mut self.source, DealSource::None);
        let record = Completed {
            source,
            dealer: self.dealer(),
            restocks: self.restocks.clone(),
            log: self.log.clone(),
        };
        let line = Line {
            deal: self.deal_number(),
            dealer: self.dealer(),
            out,
            out_on_queen: last_card & 15 == QUEEN,
            scores: scores[..self.n as usize].to_vec(),
        };
        if E::ON {
            events.push(HundredOneEvent::DealScored {
                deal: self.deal_number(),
                scores: scores[..self.n as usize].to_vec(),
            });
        }
        let next_dealer = self.next(self.dealer()).index(); // H-3
        self.deals.finish(record, line, next_dealer);
        self.to_act = None;
        if self.totals[..self.n as usize]
            .iter()
            .any(|&t| t >= LOSING_TOTAL)
        {
            self.phase = Phase::Over; // H-16
            if E::ON {
                let totals = &self.totals[..self.n as usize];
                let best = totals.iter().copied().min().unwrap_or(0);
                events.push(HundredOneEvent::GameOver {
                    outcome: self.outcome()[..self.n as usize].to_vec(),
                    winners: (0..self.n)
                        .filter(|&seat| totals[seat as usize] == best)
                        .collect(),
                });
            }
            return Ok(());
        }
        self.phase = Phase::AwaitDeal;
        if let Some(deck) = chance.deck(self.deal_number()) {
            self.deal_cards(&deck, events);
        }
        Ok(())
    }

    /// Each player's result: minus his running total (0 past the seats that play).
    pub fn outcome(&self) -> [f64; MAX_SEATS] {
        let mut out = [0.0; MAX_SEATS];
        for (slot, &total) in out.iter_mut().zip(&self.totals[..self.n as usize]) {
            *slot = -(total as f64);
        }
        out
    }
}

crate::games::impl_game!(HundredOne {
    view: super::view::HundredOneView,
    line: Line,
    position: HundredOnePosition,
});

impl crate::games::Setup for HundredOne {
    type Options = HundredOneOptions;
    fn setup(options: HundredOneOptions, first_dealer: u8) -> Result<HundredOne, String> {
        if !(2..=MAX_SEATS as u8).contains(&options.players) {
            return Err(format!("players must be 2..{MAX_SEATS} (H-1)"));
        }
        let most = (DECK_36.count_ones() as u8 - 1) / options.players;
        if !(1..=most).contains(&options.hand_size) {
            return Err(format!(
                "hand_size must be 1..{most} for {} players (H-2)",
                options.players
            ));
        }
        if options.draw_six > 4 || options.draw_seven > 4 {
            return Err("draw_six and draw_seven must be 0..4 (H-5)".into());
        }
        Ok(HundredOne::new(options, first_dealer % options.players))
    }
}

/// `games` whole games of random play, deals and reshuffles from `seed`, all in Rust.
/// With `deal_limit` (0: none) a game stops after that many hands if it has not ended.
pub fn playouts(
    options: HundredOneOptions,
    games: u64,
    seed: u64,
    deal_limit: u32,
) -> Playouts<i64> {
    let mut rng = Rng::new(seed);
    let seats = usize::from(options.players);
    let mut result = Playouts::new(games, seats, seats);
    result.restocks = Some(0);
    let mut shuffles = Rng::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    for game in 0..games {
        let mut state = HundredOne::new(options, (game % options.players as u64) as u8);
        let deck = shuffles.deck(0).unwrap_or_else(deck_cards);
        state.deal_cards(&deck, &mut ());
        while !state.is_over() {
            if deal_limit > 0 && state.deal_number() >= deal_limit {
                result.unfinished += 1; // stopped at the deal limit
                break;
            }
            let action = state.random_action(&mut rng);
            result.decisions += 1;
            // random play with a dealing generator never meets a record's restock
            let _ = state.step(action, &mut (), &mut shuffles);
        }
        result.deals += state.deal_number() as u64;
        let restocks = state.completed().iter().map(|c| c.restocks.len() as u64);
        *result.restocks.get_or_insert(0) += restocks.sum::<u64>();
        result.add_totals(state.totals);
        result.add_outcome(&state.outcome());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cards::rank::{EIGHT, NINE, TEN};

    fn card(rank: u8, suit: u8) -> CardCode {
        suit << 4 | rank
    }

    fn setup(hands: Vec<Vec<CardCode>>, starter: CardCode, stock: Vec<CardCode>) -> Arc<Setup> {
        Arc::new(Setup {
            hands,
            starter,
            stock,
            restocks: Vec::new(),
        })
    }

    fn two_players() -> HundredOneOptions {
        HundredOneOptions {
            players: 2,
            ..HundredOneOptions::default()
        }
    }

    #[test]
    fn follow_masks_match_suit_rank_or_queen() {
        // rule: H-4, H-6
        let seven_spades = card(SEVEN, 0);
        let follow = follow_of(seven_spades);
        assert_eq!(follow & DECK_36, follow);
        assert_eq!(follow.count_ones(), 9 + 3 + 3);
        assert!(follow >> card(SEVEN, 2) & 1 == 1);
        assert!(follow >> card(QUEEN, 3) & 1 == 1);
        assert!(follow >> card(ACE, 1) & 1 == 0);
        assert_eq!(named_follow(1).count_ones(), 9 + 3);
    }

    #[test]
    fn a_seven_starter_makes_the_first_player_draw_two_and_skip() {
        // rule: H-7, H-5
        let mut state = HundredOne::new(two_players(), 0);
        let hands = vec![
            vec![card(EIGHT, 0), card(NINE, 0), card(TEN, 0)],
            vec![card(EIGHT, 1), card(NINE, 1), card(TEN, 1)],
        ];
        let stock: Vec<CardCode> = Cards(DECK_36)
            .filter(|&c| !hands.iter().flatten().any(|&h| h == c) && c != card(SEVEN, 3))
            .collect();
        let mut events = Vec::new();
        state.deal_setup(setup(hands, card(SEVEN, 3), stock), &mut events);
        assert_eq!(state.hands[1].count_ones(), 5); // seat 1 (left of the dealer) drew two
        assert_eq!(state.to_act, Some(Seat::new(0)));
        assert!(events.contains(&HundredOneEvent::TurnSkipped { seat: 1 }));
        let mut legal = [0u32; 40];
        // seat 0 holds no club and no seven: he must draw (H-8)
        assert_eq!(state.legal_actions(&mut legal), 1);
        assert_eq!(legal[0], DRAW);
    }

    #[test]
    fn going_out_on_a_queen_scores_minus_thirty_and_queens_held_forty_three() {
        // rule: H-12, H-13, H-14, H-15
        let mut state = HundredOne::new(two_players(), 0);
        state.hands[0] = 0;
        state.hands[1] = 1 << card(QUEEN, 1) | 1 << card(ACE, 2);
        let scores = state.deal_scores(0, card(QUEEN, 0));
        assert_eq!(&scores[..2], &[-30, 43 + 11]);
        let instead = penalty_table(&HundredOneOptions {
            queen_in_hand: QueenInHand::Instead40,
            ..two_players()
        });
        assert_eq!(instead[card(QUEEN, 1) as usize], 40);
    }

    #[test]
    fn random_games_keep_36_cards_and_end_at_101() {
        // rule: H-11, H-16
        for seed in 0..30u64 {
            let options = HundredOneOptions {
                players: 2 + (seed % 5) as u8,
                hand_size: 3 + (seed % 3) as u8,
                voluntary_draw: seed % 2 == 0,
                draw_six: (seed % 3) as u8,
                draw_seven: 2 + (seed % 2) as u8,
                queen_in_hand: if seed % 4 != 1 {
                    QueenInHand::Plus40
                } else {
                    QueenInHand::Instead40
                },
            };
            let mut rng = Rng::new(seed);
            let mut state = HundredOne::new(options, 0);
            let deck = Seeded("7").deck(0).unwrap();
            state.deal_cards(&deck, &mut ());
            let mut chance = Rng::new(seed + 100);
            let mut steps = 0;
            while !state.is_over() {
                if state.in_deal() {
                    let cards: u32 = state.hands[..options.players as usize]
                        .iter()
                        .map(|h| h.count_ones())
                        .sum::<u32>()
                        + state.stock_len as u32
                        + state.pile_len as u32;
                    assert_eq!(cards, 36);
                }
                let action = state.random_action(&mut rng);
                state.step(action, &mut (), &mut chance).unwrap();
                steps += 1;
                assert!(steps < 200_000, "a game of random decisions ends (H-16)");
            }
            assert!(steps > 0);
            assert!(state.totals.iter().any(|&t| t >= LOSING_TOTAL));
            assert_eq!(state.sheet().len() as u32, state.deal_number());
        }
        let result = playouts(HundredOneOptions::default(), 20, 5, 500);
        assert_eq!(result, playouts(HundredOneOptions::default(), 20, 5, 500));
        assert_eq!(result.unfinished, 0); // every game ends within 500 hands
        let limited = playouts(HundredOneOptions::default(), 20, 5, 1);
        assert_eq!(limited.deals, 20); // one hand each
        assert!(limited.unfinished > 0);
        assert!(result.deals >= 20 && result.decisions > result.deals * 5);
    }

    #[test]
    fn a_record_restock_must_be_the_pile_below_its_top() {
        // rule: H-11
        let mut state = HundredOne::new(two_players(), 0);
        state.phase = Phase::Play;
        state.to_act = Some(Seat::new(0));
        state.hands[0] = 1 << card(EIGHT, 1);
        state.follow = follow_of(card(NINE, 0));
        state.pile[..3].copy_from_slice(&[card(SIX, 0), card(SEVEN, 0), card(NINE, 0)]);
        state.pile_len = 3;
        state.restocks = Arc::new(vec![vec![card(SIX, 0), card(EIGHT, 0)]]);
        let error = state.step(DRAW, &mut (), &mut NoChance).unwrap_err();
        assert!(matches!(error, RestockError::Mismatch { used: 0, .. }));
        state.restocks = Arc::new(Vec::new());
        let error = state.step(DRAW, &mut (), &mut NoChance).unwrap_err();
        assert_eq!(error, RestockError::Missing { used: 0 });
    }
}
