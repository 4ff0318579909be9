//! King (docs/rules/king.md), exactly as `koloda/games/king` plays it: the classic program of
//! seven negative deals and eight positive ones (K-7, K-11, K-13, K-21), the order variants
//! (K-23..K-25), three players (K-26, K-27), the trump call from the first three cards or
//! "by the last" (K-14, K-15), the trick rules (K-5, K-8, K-9, K-17, K-18), the early end
//! of a decided deal (K-12) and scoring. Action codes are those of `king/actions.py`.

use serde::{Deserialize, Serialize};

use crate::core::cards::{suit_mask, suit_of, CardBits, CardCode, Cards};
use crate::core::events::EventSink;
use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::tricks::{trick_winner_index, CardPlay};
use crate::core::{BySeat, Seat, Suit};
use crate::games::{random_playouts, Deals, Playouts};

use super::position::KingPosition;

pub const NO_TRICKS: u8 = 0;
pub const NO_JACKS: u8 = 1;
pub const NO_QUEENS: u8 = 2;
pub const NO_HEARTS: u8 = 3;
pub const LAST_TWO: u8 = 4;
pub const NO_KING: u8 = 5;
pub const ERELASH: u8 = 6;
pub const POSITIVE: u8 = 7;

/// The keys of the contracts in the options and the notation (`actions.CONTRACT_KEYS`).
pub const CONTRACT_KEYS: [&str; 8] = [
    "no_tricks",
    "no_jacks",
    "no_queens",
    "no_hearts",
    "last_two",
    "no_king",
    "erelash",
    "positive",
];

pub const ORDER_BASE: u32 = 64;
pub const TRUMP_BASE: u32 = 80;
pub const TRUMP_LAST: u32 = 84;

crate::coded_enum! {
    /// Where a game of King stands: `PHASE_NAMES` of the Python state, in its order.
    pub enum Phase { AwaitDeal, Order, Trump, Play, Over }
}

const HEARTS: CardBits = suit_mask(1);
const KING_OF_HEARTS_BIT: CardBits = 1 << (16 + 11);
const JACKS: CardBits = 1 << 9 | 1 << 25 | 1 << 41 | 1 << 57;
const QUEENS: CardBits = 1 << 10 | 1 << 26 | 1 << 42 | 1 << 58;
/// Seven to ace of each suit.
const DECK_32: CardBits = 0x1FE0 * (1 | 1 << 16 | 1 << 32 | 1 << 48);
/// King for three: the 32 cards without the black aces (K-26).
const DECK_30: CardBits = DECK_32 & !(1 << 12) & !(1 << 60);
/// The most cards a hand is dealt (King for three).
pub const MAX_HAND: usize = 10;

/// K-0: the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Classic,
    Order,
    Three,
}

/// K-24: whose order table a player orders from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderScope {
    /// One table per player.
    PerPlayer,
    /// One table the players share.
    Shared,
}

/// K-27: how King for three settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThreePlayerBalance {
    /// K♥ costs 24, and the results are the settlement.
    King24,
    /// K♥ costs 20; the losers pay their minus and the winners share it by their plus.
    Proportional,
}

/// The agreed rules (`KingOptions`, read by the same names and values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct KingOptions {
    pub variant: Variant,
    /// K-11: the order of the seven negative deals (contract codes, read from their keys).
    #[serde(deserialize_with = "contract_codes")]
    pub negative_order: [u8; 7],
    pub king_forced_on_heart_lead: bool,
    pub stop_when_decided: bool,
    pub positive_orders_per_player: u8,
    pub order_scope: OrderScope,
    pub three_player_balance: ThreePlayerBalance,
}

impl Default for KingOptions {
    fn default() -> Self {
        KingOptions {
            variant: Variant::Classic,
            negative_order: [0, 1, 2, 3, 4, 5, 6],
            king_forced_on_heart_lead: false,
            stop_when_decided: true,
            positive_orders_per_player: 8,
            order_scope: OrderScope::PerPlayer,
            three_player_balance: ThreePlayerBalance::King24,
        }
    }
}

/// The negative order as the options say it (contract keys: `["no_tricks", ...]`) in
/// contract codes.
fn contract_codes<'de, D: serde::Deserializer<'de>>(keys: D) -> Result<[u8; 7], D::Error> {
    let keys: [String; 7] = Deserialize::deserialize(keys)?;
    let mut codes = [0; 7];
    for (code, key) in codes.iter_mut().zip(&keys) {
        let found = CONTRACT_KEYS.iter().position(|known| known == key);
        *code =
            found.ok_or_else(|| serde::de::Error::custom(format!("no contract {key:?}")))? as u8;
    }
    Ok(codes)
}

/// Points per item (`scoring.Rates`): penalties and the positive trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rates {
    pub trick: i64,
    pub jack: i64,
    pub queen: i64,
    pub heart: i64,
    pub last_trick: i64,
    pub king: i64,
    pub positive_trick: i64,
}

/// What the options fix for the whole game (`KingRules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingTable {
    options: KingOptions,
    num_seats: u8,
    hand_size: u8,
    num_tricks: u8,
    deck: CardBits,
    rates: Rates,
    /// The classic sequence of contracts, one per deal.
    program: [u8; 15],
    /// K-12: the cards whose taking decides a deal, per contract (0: played out).
    decisive: [CardBits; 8],
    num_rows: u8,
}

impl KingTable {
    /// The table of these options.
    pub fn new(options: KingOptions) -> Self {
        let three = options.variant == Variant::Three;
        let num_seats = if three { 3 } else { 4 };
        let deck = if three { DECK_30 } else { DECK_32 };
        let hand_size = (deck.count_ones() / num_seats as u32) as u8;
        let rates = if three {
            Rates {
                trick: 2,
                jack: 5,
                queen: 5,
                heart: 2,
                last_trick: 10,
                king: match options.three_player_balance {
                    ThreePlayerBalance::Proportional => 20,
                    ThreePlayerBalance::King24 => 24,
                },
                positive_trick: 3,
            }
        } else {
            Rates {
                trick: 2,
                jack: 4,
                queen: 4,
                heart: 2,
                last_trick: 8,
                king: 16,
                positive_trick: 3,
            }
        };
        let mut program = [POSITIVE; 15];
        program[..7].copy_from_slice(&options.negative_order);
        let mut decisive = [0; 8];
        decisive[NO_JACKS as usize] = JACKS & deck;
        decisive[NO_QUEENS as usize] = QUEENS & deck;
        decisive[NO_HEARTS as usize] = HEARTS & deck;
        decisive[NO_KING as usize] = KING_OF_HEARTS_BIT;
        let num_rows = match (options.variant, options.order_scope) {
            (Variant::Classic, _) => 0,
            (_, OrderScope::Shared) => 1,
            (_, OrderScope::PerPlayer) => num_seats,
        };
        KingTable {
            options,
            num_seats,
            hand_size,
            num_tricks: hand_size,
            deck,
            rates,
            program,
            decisive,
            num_rows,
        }
    }

    crate::games::getters! {
        /// The agreed rules.
        options: &KingOptions;
        /// How many seats play (K-26: three or four).
        num_seats: u8;
        /// How many cards each hand is dealt.
        hand_size: u8;
        /// How many tricks a deal has.
        num_tricks: u8;
        /// The cards in play (K-26: without the black aces for three).
        deck: CardBits;
        /// The points per item.
        rates: &Rates;
        /// How many order tables there are (K-24: none in the classic game).
        num_rows: u8;
    }

    /// The contracts are ordered by the players (K-23), not played in the classic program.
    #[inline]
    pub fn is_ordered(&self) -> bool {
        self.options.variant != Variant::Classic
    }

    /// The order table a seat orders from.
    #[inline]
    pub fn row_of(&self, seat: u8) -> usize {
        if self.options.order_scope == OrderScope::Shared {
            0
        } else {
            seat as usize
        }
    }

    /// K-24: each row holds every negative game once and the positive game P times.
    pub fn initial_rows(&self) -> [[u8; 8]; 4] {
        let mut row = [1u8; 8];
        row[POSITIVE as usize] = self.options.positive_orders_per_player;
        let mut rows = [[0u8; 8]; 4];
        for slot in rows.iter_mut().take(self.num_rows as usize) {
            *slot = row;
        }
        rows
    }
}

/// The penalty (a positive number) one seat incurs in a negative deal (K-7, K-26).
pub fn seat_penalty(contract: u8, rates: &Rates, taken: CardBits, tricks: u8, last: u8) -> i64 {
    let every = contract == ERELASH;
    let mut penalty = 0;
    if every || contract == NO_TRICKS {
        penalty += rates.trick * tricks as i64;
    }
    if every || contract == NO_JACKS {
        penalty += rates.jack * (taken & JACKS).count_ones() as i64;
    }
    if every || contract == NO_QUEENS {
        penalty += rates.queen * (taken & QUEENS).count_ones() as i64;
    }
    if every || contract == NO_HEARTS {
        penalty += rates.heart * (taken & HEARTS).count_ones() as i64;
    }
    if every || contract == LAST_TWO {
        penalty += rates.last_trick * last as i64;
    }
    if (every || contract == NO_KING) && taken & KING_OF_HEARTS_BIT != 0 {
        penalty += rates.king;
    }
    penalty
}

/// K-27: what each player finally gets (zero-sum results settle as they are; under
/// `proportional` losers pay their minus and winners share it by their plus).
pub fn settlement(results: &[i64], proportional: bool, out: &mut [f64]) {
    if !proportional {
        for (slot, &r) in out.iter_mut().zip(results) {
            *slot = r as f64;
        }
        return;
    }
    let paid: i64 = -results.iter().filter(|&&r| r < 0).sum::<i64>();
    let plus: i64 = results.iter().filter(|&&r| r > 0).sum();
    for (slot, &r) in out.iter_mut().zip(results) {
        *slot = if plus == 0 {
            0.0
        } else if r < 0 {
            r as f64
        } else if r > 0 {
            (paid * r) as f64 / plus as f64
        } else {
            0.0
        };
    }
}

/// One line of the score sheet (`state.DealSummary`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KingLine {
    pub deal: u32,
    pub dealer: u8,
    pub contract: u8,
    /// The caller of a positive deal, or the orderer in the order variants.
    pub declarer: Option<Seat>,
    pub trump: Option<Suit>,
    pub by_last: bool,
    pub scores: BySeat<i64>,
    pub ended_early: bool,
}

/// A finished deal as a record keeps it.
pub type KingRecord = crate::games::KeptDeal<MAX_HAND>;

/// What happened, for the checked path; serialized with its kind as the Python engine's
/// event (`koloda.core.events`) is made from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KingEvent {
    #[serde(rename = "card")]
    CardPlayed { seat: u8, card: CardCode },
    #[serde(rename = "trick")]
    TrickTaken { seat: u8, cards: BySeat<CardCode> },
    #[serde(rename = "contract")]
    ContractChosen { seat: u8, contract: u8 },
    #[serde(rename = "trump")]
    TrumpNamed { seat: u8, suit: Suit, by_last: bool },
    #[serde(rename = "scored")]
    DealScored {
        deal: u32,
        scores: BySeat<i64>,
        ended_early: bool,
    },
    #[serde(rename = "over")]
    GameOver {
        #[serde(rename = "totals")]
        outcome: BySeat<f64>,
        winners: Vec<u8>,
    },
}

/// A whole game of King in progress (`state.KingState`).
#[derive(Clone, Debug)]
pub struct King {
    table: KingTable,
    phase: Phase,
    to_act: Option<Seat>,
    deals: Deals<KingRecord, KingLine>,
    /// The deal's contract (`NO_TRICKS`..`POSITIVE`), or None while it is to be ordered.
    contract: Option<u8>,
    trump: Option<Suit>,
    by_last: bool,
    caller: Option<Seat>,
    card_play: CardPlay<MAX_HAND>,
    hands: [CardBits; 4],
    pre: [u32; 2],
    pre_len: u8,
    taken: [CardBits; 4],
    last_tricks: [u8; 4],
    taken_all: CardBits,
    lead_first: [CardBits; 4],
    follow_first: CardBits,
    discard_first: CardBits,
    /// The trump suit of the trick power (positive deals), or none.
    power_trump: Option<u8>,
    totals: [i64; 4],
    rows: [[u8; 8]; 4],
}

impl King {
    /// A new game awaiting its first deal (`first_dealer` must be a seat of the table).
    pub fn new(options: KingOptions, first_dealer: u8) -> Self {
        let table = KingTable::new(options);
        King {
            table,
            phase: Phase::AwaitDeal,
            to_act: None,
            deals: Deals::new(first_dealer),
            contract: None,
            trump: None,
            by_last: false,
            caller: None,
            card_play: CardPlay::default(),
            hands: [0; 4],
            pre: [0; 2],
            pre_len: 0,
            taken: [0; 4],
            last_tricks: [0; 4],
            taken_all: 0,
            lead_first: [0; 4],
            follow_first: 0,
            discard_first: 0,
            power_trump: None,
            totals: [0; 4],
            rows: table.initial_rows(),
        }
    }

    /// How many seats play (3 or 4).
    #[inline]
    pub fn n(&self) -> u8 {
        self.table.num_seats
    }

    /// What the options fix for the whole game.
    #[inline]
    pub fn table(&self) -> &KingTable {
        &self.table
    }

    /// The agreed rules.
    #[inline]
    pub fn options(&self) -> &KingOptions {
        &self.table.options
    }

    /// How many cards each hand is dealt.
    #[inline]
    pub fn hand_size(&self) -> usize {
        usize::from(self.table.hand_size)
    }

    crate::games::state_accessors! {
        hands: [CardBits; 4],
        totals: 4,
        completed: KingRecord,
        sheet: KingLine,
    }

    /// The seat to act, or None between deals and after the game.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The seat to act's index, when one is known to act.
    #[inline]
    fn seat_to_act(&self) -> u8 {
        self.to_act.expect("a seat is to act").index()
    }

    /// The contract of the deal (its code, `NO_TRICKS`..`POSITIVE`), or None while it is
    /// still to be ordered (K-23).
    #[inline]
    pub fn contract(&self) -> Option<u8> {
        self.contract
    }

    crate::games::getters! {
        /// The trump of a positive deal once named (K-14, K-15), else None.
        trump: Option<Suit>;
        /// Whether the trump was named "by the last" card (K-15).
        by_last: bool;
        /// Who orders the deal's contract or names its trump, if anyone (K-14, K-23).
        caller: Option<Seat>;
    }

    /// The deal's decisions before the card play: the order of a contract, the trump.
    #[inline]
    pub fn pre_actions(&self) -> &[u32] {
        &self.pre[..self.pre_len as usize]
    }

    crate::games::getters! {
        /// The cards of the tricks each seat has taken this deal, by seat.
        taken: &[CardBits; 4];
        /// How many of the deal's last two tricks each seat has taken (K-7).
        last_tricks: &[u8; 4];
        /// Every card taken in a trick this deal.
        taken_all: CardBits;
        /// The cards each seat must lead while it holds any of them (K-8, K-18), by seat.
        lead_first: &[CardBits; 4];
        /// The cards to follow suit with while the seat holds any of them (K-9, under
        /// `king_forced_on_heart_lead`).
        follow_first: CardBits;
        /// The cards to play while void in the led suit and holding any of them (K-9, K-17).
        discard_first: CardBits;
    }

    /// The trump suit of the trick power (positive deals), or None.
    #[inline]
    pub(super) fn power_trump(&self) -> Option<u8> {
        self.power_trump
    }

    /// The order tables: how many times each row may still order each contract (K-24).
    #[inline]
    pub fn rows(&self) -> &[[u8; 8]; 4] {
        &self.rows
    }

    /// Puts the game in the position `position` describes (a state of the Python engine);
    /// the options, the first dealer and the finished deals stay. A position that does not
    /// fit the table (its seats, hands, card play or rows) is an error and changes nothing.
    pub fn restore(&mut self, position: KingPosition) -> Result<(), String> {
        let n = self.n() as usize;
        let card_play = CardPlay::from_position(
            self.n(),
            self.table.hand_size.into(),
            &position.dealt,
            &position.card_play,
        )?;
        let fits = |len: usize| len == n;
        if !(fits(position.hands.len())
            && fits(position.taken.len())
            && fits(position.last_tricks.len())
            && fits(position.lead_first.len())
            && fits(position.totals.len())
            && position.rows.len() <= 4
            && position.dealer < n as u8)
        {
            return Err("the position does not fit this table".into());
        }
        let pre_len = position.pre_actions.len().min(2);
        let by_seat = |values: &[CardBits]| {
            let mut out = [0; 4];
            out[..values.len()].copy_from_slice(values);
            out
        };
        let small = |values: &[u8]| {
            let mut out = [0; 4];
            out[..values.len()].copy_from_slice(values);
            out
        };
        self.phase = position.phase;
        self.to_act = position.to_act;
        self.deals
            .restore(position.deal_number, position.dealer, position.sheet);
        self.contract = position.contract;
        self.trump = position.trump;
        self.by_last = position.by_last;
        self.caller = position.caller;
        self.card_play = card_play;
        self.hands = by_seat(&position.hands);
        self.pre_len = pre_len as u8;
        self.pre[..pre_len].copy_from_slice(&position.pre_actions[..pre_len]);
        self.taken = by_seat(&position.taken);
        self.last_tricks = small(&position.last_tricks);
        self.taken_all = position.taken_all;
        self.lead_first = by_seat(&position.lead_first);
        self.follow_first = position.follow_first;
        self.discard_first = position.discard_first;
        self.power_trump = self
            .trump
            .filter(|_| self.contract == Some(POSITIVE))
            .map(Suit::index);
        self.totals = [0; 4];
        self.totals[..n].copy_from_slice(&position.totals);
        self.rows = [[0; 8]; 4];
        self.rows[..position.rows.len()].copy_from_slice(&position.rows);
        Ok(())
    }

    /// The position the game is in (what [`King::restore`] takes).
    pub fn position(&self) -> KingPosition {
        let n = self.n() as usize;
        KingPosition {
            phase: self.phase,
            to_act: self.to_act,
            deal_number: self.deal_number(),
            dealer: self.dealer(),
            contract: self.contract(),
            trump: self.trump,
            by_last: self.by_last,
            caller: self.caller,
            dealt: crate::games::Recorded::dealt_in_deal(self),
            hands: BySeat::from_slice(&self.hands[..n]),
            pre_actions: self.pre_actions().to_vec(),
            taken: BySeat::from_slice(&self.taken[..n]),
            last_tricks: BySeat::from_slice(&self.last_tricks[..n]),
            taken_all: self.taken_all,
            card_play: self.card_play.position(self.n()),
            lead_first: BySeat::from_slice(&self.lead_first[..n]),
            follow_first: self.follow_first,
            discard_first: self.discard_first,
            totals: BySeat::from_slice(&self.totals[..n]),
            rows: self.rows[..self.table.num_rows as usize].to_vec(),
            sheet: self.sheet().to_vec(),
        }
    }

    /// A copy that plays every trick of its deal: without K-12's early end, as the search
    /// plays a deal.
    pub(super) fn playing_every_trick(&self) -> Self {
        let mut copy = self.clone();
        copy.table.options.stop_when_decided = false;
        copy
    }

    /// Gives `winner` a trick of these cards without the bookkeeping of its end (the search
    /// scores the deal's forced last trick so).
    pub(super) fn credit_trick(&mut self, winner: usize, cards: &[CardCode]) {
        self.card_play.take_trick(winner as u8);
        self.last_tricks[winner] += 1;
        for &card in cards {
            self.taken[winner] |= 1 << card;
        }
    }

    /// Sets how many deals have been played (in the classic game: which contract the next
    /// deal plays, K-11).
    #[cfg(test)]
    pub(crate) fn set_deal_number(&mut self, deal_number: u32) {
        self.deals.set_deal_number(deal_number);
    }

    // ----- legal actions ---------------------------------------------------------------

    /// Follow the led suit if able, else any card; any card to lead, within the deal's
    /// `follow_first`, `discard_first` and `lead_first` (K-5, K-8, K-9, K-17, K-18).
    #[inline]
    pub fn legal_card_mask(&self) -> CardBits {
        let Some(seat) = self.to_act else {
            return 0;
        };
        let seat = seat.at();
        let hand = self.hands[seat];
        if self.card_play.trick_count() > 0 {
            let follow = hand & suit_mask(self.card_play.lead_suit_code());
            if follow != 0 {
                let first = follow & self.follow_first;
                return if first != 0 { first } else { follow };
            }
            let first = hand & self.discard_first;
            return if first != 0 { first } else { hand };
        }
        let first = hand & self.lead_first[seat];
        if first != 0 {
            first
        } else {
            hand
        }
    }

    /// The legal actions, lowest code first.
    pub fn legal_codes(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(16);
        self.legal_actions(&mut out);
        out
    }

    /// The legal actions, lowest code first, appended to `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        match self.phase {
            Phase::Play => out.extend(Cards(self.legal_card_mask()).map(u32::from)),
            Phase::Order => {
                let row = &self.rows[self.table.row_of(self.seat_to_act())];
                out.extend(
                    (0..8u32)
                        .filter(|&c| row[c as usize] > 0)
                        .map(|c| ORDER_BASE + c),
                );
            }
            Phase::Trump => {
                out.extend(TRUMP_BASE..TRUMP_BASE + 4);
                if !self.table.is_ordered() {
                    out.push(TRUMP_LAST); // K-14 (K-23: not without the preview)
                }
            }
            _ => {}
        }
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: i64) -> bool {
        match self.phase {
            Phase::Play => (0..64).contains(&action) && self.legal_card_mask() >> action & 1 == 1,
            Phase::Order => {
                let row = &self.rows[self.table.row_of(self.seat_to_act())];
                (ORDER_BASE as i64..ORDER_BASE as i64 + 8).contains(&action)
                    && row[(action - ORDER_BASE as i64) as usize] > 0
            }
            Phase::Trump => {
                (TRUMP_BASE as i64..TRUMP_BASE as i64 + 4).contains(&action)
                    || (action == TRUMP_LAST as i64 && !self.table.is_ordered())
            }
            _ => false,
        }
    }

    /// Why `action`, in a deal and not legal, is illegal (K-5, K-8, K-9, K-14, K-17, K-18,
    /// K-23..K-25): what `check` gives then.
    fn illegal(&self, action: i64) -> IllegalMove {
        match self.phase {
            Phase::Order => {
                let base = ORDER_BASE as i64;
                return if (base..base + 8).contains(&action) {
                    IllegalMove::ContractClosed {
                        contract: CONTRACT_KEYS[(action - base) as usize],
                        rule: "K-24, K-25",
                    }
                } else {
                    IllegalMove::breaks(
                        "the player left of the dealer must first order a game",
                        "K-23",
                    )
                };
            }
            Phase::Trump => {
                return if action == TRUMP_LAST as i64 {
                    IllegalMove::breaks(
                        "'by the last' needs the 3-card preview of the classic game",
                        "K-23",
                    )
                } else {
                    IllegalMove::breaks("the trump must be named first", "K-14, K-23")
                };
            }
            _ => {}
        }
        if !(0..64).contains(&action) {
            return IllegalMove::CardDue;
        }
        let seat = self.to_act.map_or(u8::MAX, Seat::index);
        let hand = self.hands.get(seat as usize).copied().unwrap_or(0);
        if hand >> action & 1 == 0 {
            let card = action as CardCode;
            return IllegalMove::NotInHand { card, seat };
        }
        if self.card_play.trick_count() > 0 {
            let suit = self.card_play.lead_suit_code();
            return if self.legal_card_mask() == KING_OF_HEARTS_BIT {
                IllegalMove::breaks("K♥ must be discarded at the first opportunity", "K-9")
            } else if hand & suit_mask(suit) != 0 {
                IllegalMove::MustFollow {
                    suit,
                    rule: "K-5, K-17",
                }
            } else {
                IllegalMove::MustTrump { suit, rule: "K-17" }
            };
        }
        if self.contract == Some(POSITIVE) {
            IllegalMove::breaks(
                "only the caller may lead trump while holding another suit",
                "K-18",
            )
        } else {
            IllegalMove::breaks("may not lead a heart while holding another suit", "K-8")
        }
    }

    /// A uniformly random legal action (the batch path's random player).
    pub fn random_action(&self, rng: &mut Rng) -> u32 {
        match self.phase {
            Phase::Play => rng.card(self.legal_card_mask()).into(),
            Phase::Order => {
                let row = &self.rows[self.table.row_of(self.seat_to_act())];
                let open = row.iter().filter(|&&count| count > 0).count() as u32;
                let mut pick = rng.below(open);
                for (contract, &count) in row.iter().enumerate() {
                    if count > 0 {
                        if pick == 0 {
                            return ORDER_BASE + contract as u32;
                        }
                        pick -= 1;
                    }
                }
                ORDER_BASE
            }
            Phase::Trump => {
                let choices = if self.table.is_ordered() { 4 } else { 5 };
                TRUMP_BASE + rng.below(choices)
            }
            _ => 0,
        }
    }

    // ----- applying actions --------------------------------------------------------------

    /// One legal decision; returns true when it finished a deal and the game goes on.
    #[inline]
    pub fn step<E: EventSink<KingEvent>>(&mut self, action: u32, events: &mut E) -> bool {
        match self.phase {
            Phase::Play => self.play(action as CardCode, events),
            Phase::Order => {
                self.order(action - ORDER_BASE, events);
                false
            }
            _ => {
                self.name_trump(action, events);
                false
            }
        }
    }

    fn play<E: EventSink<KingEvent>>(&mut self, card: CardCode, events: &mut E) -> bool {
        let seat = self.seat_to_act();
        let n = self.n();
        if E::ON {
            events.push(KingEvent::CardPlayed { seat, card });
        }
        self.hands[seat as usize] ^= 1u64 << card;
        if !self.card_play.play(seat, card, n) {
            self.to_act = Some(Seat::new(seat).next(n));
            return false;
        }
        let trick = self.card_play.completed_trick(n);
        let mut cards = [0u8; 4];
        let mut mask = 0;
        for (slot, &play) in cards.iter_mut().zip(trick) {
            *slot = play & 63;
            mask |= 1u64 << (play & 63);
        }
        let winner = trick[trick_winner_index(&cards[..n as usize], self.power_trump)] >> 6;
        self.card_play.take_trick(winner);
        self.to_act = Some(Seat::new(winner));
        self.trick_taken(winner, mask, cards, events)
    }

    fn trick_taken<E: EventSink<KingEvent>>(
        &mut self,
        winner: u8,
        mask: CardBits,
        cards: [CardCode; 4],
        events: &mut E,
    ) -> bool {
        self.taken[winner as usize] |= mask;
        self.taken_all |= mask;
        let played = self.card_play.tricks_played();
        let num_tricks = self.table.num_tricks;
        if played > num_tricks - 2 {
            self.last_tricks[winner as usize] += 1;
        }
        if E::ON {
            events.push(KingEvent::TrickTaken {
                seat: winner,
                cards: BySeat::from_slice(&cards[..self.n() as usize]),
            });
        }
        if played == num_tricks {
            return self.finish_deal(false, events);
        }
        if self.table.options.stop_when_decided {
            let decisive = self
                .contract
                .map_or(0, |contract| self.table.decisive[contract as usize]);
            if decisive != 0 && self.taken_all & decisive == decisive {
                return self.finish_deal(true, events); // K-12
            }
        }
        false
    }

    fn order<E: EventSink<KingEvent>>(&mut self, contract: u32, events: &mut E) {
        let seat = self.seat_to_act();
        let row = self.table.row_of(seat);
        self.rows[row][contract as usize] -= 1;
        self.pre[self.pre_len as usize] = ORDER_BASE + contract;
        self.pre_len += 1;
        self.contract = Some(contract as u8);
        self.caller = Some(Seat::new(seat));
        if E::ON {
            events.push(KingEvent::ContractChosen {
                seat,
                contract: contract as u8,
            });
        }
        if contract as u8 == POSITIVE {
            self.phase = Phase::Trump; // K-23: the orderer names trump
        } else {
            self.begin_play(contract as u8, seat);
        }
    }

    fn name_trump<E: EventSink<KingEvent>>(&mut self, action: u32, events: &mut E) {
        self.pre[self.pre_len as usize] = action;
        self.pre_len += 1;
        if action == TRUMP_LAST {
            let caller = self.caller.expect("a positive deal has a caller").at();
            let last = self.card_play.dealt()[caller][self.table.hand_size as usize - 1];
            self.trump = Some(Suit::from_index(suit_of(last))); // K-15
            self.by_last = true;
        } else {
            self.trump = Suit::from_code((action - TRUMP_BASE) as u8);
        }
        if E::ON {
            events.push(KingEvent::TrumpNamed {
                seat: self.caller.map_or(0, Seat::index),
                suit: self.trump.unwrap_or(Suit::Spades),
                by_last: self.by_last,
            });
        }
        self.begin_play(POSITIVE, self.caller.map_or(0, Seat::index)); // K-16
    }

    /// The contract (and trump) known: the trick rules of this deal, then the lead.
    fn begin_play(&mut self, contract: u8, leader: u8) {
        let n = self.n() as usize;
        if contract == POSITIVE {
            let trump = self.trump.map_or(0, Suit::index);
            self.power_trump = Some(trump);
            self.discard_first = suit_mask(trump); // K-17: void, he must trump
            let others = !suit_mask(trump); // K-18: only the caller may lead trump at will
            for seat in 0..n {
                self.lead_first[seat] = if Some(Seat::new(seat as u8)) == self.caller {
                    0
                } else {
                    others
                };
            }
        } else {
            self.power_trump = None;
            let must_go = contract == NO_KING || contract == ERELASH;
            self.discard_first = if must_go { KING_OF_HEARTS_BIT } else { 0 }; // K-9
            let forced = must_go && self.table.options.king_forced_on_heart_lead;
            self.follow_first = if forced { KING_OF_HEARTS_BIT } else { 0 };
            let banned = contract == NO_HEARTS || must_go; // K-8
            for seat in 0..n {
                self.lead_first[seat] = if banned { !HEARTS } else { 0 };
            }
        }
        self.phase = Phase::Play;
        self.card_play.set_leader(Seat::new(leader));
        self.to_act = Some(Seat::new(leader));
    }

    // ----- deals -----------------------------------------------------------------------

    /// Starts the next deal from these hands, each in dealt order (checked by the caller).
    pub fn deal(&mut self, hands: &[[CardCode; MAX_HAND]; 4]) {
        let n = self.n() as usize;
        let size = self.table.hand_size as usize;
        self.card_play.deal(hands);
        for (seat, (mask, hand)) in self.hands.iter_mut().zip(hands).enumerate() {
            *mask = if seat < n {
                hand[..size].iter().fold(0, |set, &card| set | 1u64 << card)
            } else {
                0
            };
        }
        self.lead_first = [0; 4];
        self.follow_first = 0;
        self.discard_first = 0;
        self.pre_len = 0;
        self.taken = [0; 4];
        self.last_tricks = [0; 4];
        self.taken_all = 0;
        self.trump = None;
        self.by_last = false;
        let left = (self.dealer() + 1) % self.n();
        if self.table.is_ordered() {
            self.contract = None;
            self.caller = Some(Seat::new(left));
            self.phase = Phase::Order; // K-23
            self.to_act = Some(Seat::new(left));
            return;
        }
        let contract = self.table.program[self.deal_number() as usize];
        self.contract = Some(contract);
        if contract == POSITIVE {
            self.caller = Some(Seat::new(self.dealer()).offset(self.n() - 1, self.n())); // K-14
            self.phase = Phase::Trump;
            self.to_act = self.caller;
        } else {
            self.caller = None;
            self.begin_play(contract, left); // K-4
        }
    }

    /// Deals a random deal (the batch path).
    pub fn deal_random(&mut self, rng: &mut Rng) {
        let mut deck = [0u8; 32];
        let mut count = 0;
        for card in Cards(self.table.deck) {
            deck[count] = card;
            count += 1;
        }
        rng.shuffle(&mut deck[..count]);
        let size = self.table.hand_size as usize;
        let mut hands = [[0u8; MAX_HAND]; 4];
        for (seat, hand) in hands.iter_mut().enumerate().take(self.n() as usize) {
            hand[..size].copy_from_slice(&deck[seat * size..seat * size + size]);
        }
        self.deal(&hands);
    }

    /// The decisions of the deal in progress, in order (the record's actions).
    pub fn current_actions(&self) -> impl Iterator<Item = u32> + '_ {
        self.pre[..self.pre_len as usize]
            .iter()
            .copied()
            .chain(self.card_play.played_cards())
    }

    /// Each seat's points for the deal: −penalty in negative deals, +3 a trick in positive.
    pub fn deal_scores(&self) -> [i64; 4] {
        let mut scores = [0i64; 4];
        let Some(contract) = self.contract else {
            return scores; // no contract yet, nothing scored
        };
        let rates = &self.table.rates;
        let tricks = self.card_play.tricks();
        for (seat, slot) in scores.iter_mut().enumerate().take(self.n() as usize) {
            *slot = if contract == POSITIVE {
                rates.positive_trick * tricks[seat] as i64
            } else {
                -seat_penalty(
                    contract,
                    rates,
                    self.taken[seat],
                    tricks[seat],
                    self.last_tricks[seat],
                )
            };
        }
        scores
    }

    fn is_complete(&self) -> bool {
        if !self.table.is_ordered() {
            return self.deal_number() >= 15;
        }
        self.rows[..self.table.num_rows as usize]
            .iter()
            .all(|row| row.iter().all(|&count| count == 0))
    }

    fn finish_deal<E: EventSink<KingEvent>>(&mut self, ended_early: bool, events: &mut E) -> bool {
        let n = self.n();
        let scores = self.deal_scores();
        for (total, score) in self.totals.iter_mut().zip(scores).take(n as usize) {
            *total += score;
        }
        let dealt = *self.card_play.dealt();
        let record = KingRecord::new(self.dealer(), dealt, self.current_actions().collect());
        let line = KingLine {
            deal: self.deal_number(),
            dealer: self.dealer(),
            contract: self.contract.unwrap_or(NO_TRICKS), // known once cards are played
            declarer: self.caller,
            trump: self.trump,
            by_last: self.by_last,
            scores: BySeat::from_slice(&scores[..n as usize]),
            ended_early,
        };
        if E::ON {
            events.push(KingEvent::DealScored {
                deal: self.deal_number(),
                scores: BySeat::from_slice(&scores[..n as usize]),
                ended_early,
            });
        }
        let next_dealer = if self.contract == Some(POSITIVE) && !self.table.is_ordered() {
            self.caller.map_or(self.dealer(), Seat::index) // K-21: the caller deals the next deal
        } else {
            (self.dealer() + 1) % n // K-6, K-23
        };
        self.deals.finish(record, line, next_dealer);
        self.to_act = None;
        if self.is_complete() {
            self.phase = Phase::Over;
            if E::ON {
                let outcome = self.outcome();
                let best = outcome[..n as usize]
                    .iter()
                    .cloned()
                    .fold(f64::NEG_INFINITY, f64::max);
                let winners = (0..n)
                    .filter(|&seat| outcome[seat as usize] == best)
                    .collect();
                events.push(KingEvent::GameOver {
                    outcome: BySeat::from_slice(&outcome[..n as usize]),
                    winners,
                });
            }
            return false;
        }
        self.phase = Phase::AwaitDeal;
        true
    }

    /// Each player's result (K-22); once over, his settlement (K-27).
    pub fn outcome(&self) -> [f64; 4] {
        let n = self.n() as usize;
        let mut out = [0.0; 4];
        if self.phase == Phase::Over {
            let proportional = self.table.options.variant == Variant::Three
                && self.table.options.three_player_balance == ThreePlayerBalance::Proportional;
            settlement(&self.totals[..n], proportional, &mut out[..n]);
        } else {
            for (slot, &total) in out.iter_mut().zip(&self.totals).take(n) {
                *slot = total as f64;
            }
        }
        out
    }

    /// The seat's own cards it has seen, in dealt order: all of them during a deal, only
    /// the caller's first three while he names trump by preview (K-14).
    pub fn visible_dealt(&self, seat: u8) -> &[CardCode] {
        if !self.in_deal() {
            return &[];
        }
        let dealt = &self.card_play.dealt()[seat as usize][..self.table.hand_size as usize];
        if self.phase == Phase::Trump && !self.table.is_ordered() {
            return if Some(Seat::new(seat)) == self.caller {
                &dealt[..3]
            } else {
                &[]
            };
        }
        dealt
    }
}

crate::games::impl_game!(King {
    view: super::view::KingView,
    line: KingLine,
    position: super::position::KingPosition,
    dealt: KingEvent,
});
crate::games::impl_recorded!(King, MAX_HAND);

impl crate::games::Setup for King {
    type Options = KingOptions;
    fn setup(options: KingOptions, first_dealer: u8) -> Result<King, String> {
        let mut order = options.negative_order;
        order.sort_unstable();
        if order != [0, 1, 2, 3, 4, 5, 6] {
            return Err("the negative order must hold each negative game once (K-11)".into());
        }
        if !(1..=16).contains(&options.positive_orders_per_player) {
            return Err("positive_orders_per_player must be 1..16".into());
        }
        let seats = KingTable::new(options).num_seats();
        Ok(King::new(options, first_dealer % seats))
    }
}

/// `games` whole games of uniformly random decisions, deals from `seed`, all in Rust.
/// With `deal_limit` (0: none) a game stops after that many deals if it has not ended. The
/// total points are each seat's final settlement.
pub fn playouts(options: KingOptions, games: u64, seed: u64, deal_limit: u32) -> Playouts<f64> {
    let n = KingTable::new(options).num_seats();
    let new = |dealer| King::new(options, dealer);
    random_playouts(
        (games, seed, deal_limit),
        (n, n.into()),
        new,
        |state, result| {
            result.add_totals(state.outcome());
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::options_with as options;

    #[test]
    fn the_tables_follow_the_variants() {
        // rule: K-26
        let three = KingTable::new(options(|o: &mut KingOptions| o.variant = Variant::Three));
        assert_eq!(
            (three.num_seats, three.hand_size, three.deck.count_ones()),
            (3, 10, 30)
        );
        assert_eq!(three.rates.king, 24);
        let classic = KingTable::new(KingOptions::default());
        assert_eq!(
            (classic.num_seats, classic.hand_size, classic.num_rows),
            (4, 8, 0)
        );
        let order = KingTable::new(options(|o: &mut KingOptions| o.variant = Variant::Order));
        assert_eq!(order.num_rows, 4);
        assert_eq!(order.initial_rows()[3], [1, 1, 1, 1, 1, 1, 1, 8]);
    }

    #[test]
    fn penalties_and_settlement() {
        let rates = KingTable::new(KingOptions::default()).rates;
        // rule: K-7 erelash counts everything
        let taken = KING_OF_HEARTS_BIT | JACKS & 0xFFFF | 1 << 26;
        assert_eq!(
            seat_penalty(ERELASH, &rates, taken, 2, 1),
            4 + 4 + 4 + 2 * 2 + 8 + 16
        );
        assert_eq!(seat_penalty(NO_KING, &rates, taken, 2, 1), 16);
        // rule: K-27 proportional settlement
        let mut out = [0.0; 3];
        settlement(&[-30, 10, 20], true, &mut out);
        assert_eq!(out, [-30.0, 10.0, 20.0]);
        settlement(&[-30, 0, 0], true, &mut out);
        assert_eq!(out, [0.0, 0.0, 0.0]);
    }

    #[test]
    fn random_games_of_every_variant_keep_the_invariants() {
        for (index, variant) in [Variant::Classic, Variant::Order, Variant::Three]
            .into_iter()
            .cycle()
            .take(12)
            .enumerate()
        {
            let opts = options(|o: &mut KingOptions| {
                o.variant = variant;
                o.stop_when_decided = index % 2 == 0;
                o.king_forced_on_heart_lead = index % 4 == 1;
                o.positive_orders_per_player = 1 + (index % 3) as u8;
                o.order_scope = if index % 5 == 0 {
                    OrderScope::Shared
                } else {
                    OrderScope::PerPlayer
                };
                o.three_player_balance = if index % 3 == 2 {
                    ThreePlayerBalance::Proportional
                } else {
                    ThreePlayerBalance::King24
                };
            });
            let mut rng = Rng::new(index as u64);
            let mut state = King::new(opts, 0);
            state.deal_random(&mut rng);
            let mut legal = Vec::new();
            let mut deals = 1;
            while !state.is_over() {
                state.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                let action = legal[rng.below(legal.len() as u32) as usize];
                assert!(state.is_legal(action as i64));
                if state.step(action, &mut ()) {
                    state.deal_random(&mut rng);
                    deals += 1;
                }
            }
            assert_eq!(state.sheet().len(), deals);
            let total: i64 = state
                .sheet()
                .iter()
                .map(|l| l.scores.iter().sum::<i64>())
                .sum();
            assert_eq!(total, state.totals.iter().sum::<i64>());
        }
    }

    #[test]
    fn playouts_are_seeded() {
        let result = playouts(KingOptions::default(), 10, 5, 0);
        assert_eq!(result.deals, 150);
        assert_eq!(playouts(KingOptions::default(), 10, 5, 0), result);
    }
}
