//! Spades (docs/rules/spades.md), exactly as `koloda/games/spades` plays it: the blind choice
//! (S-6), bids from the dealer (S-4), the nil exchange (S-7, S-8, S-9), play with spades
//! always trump and the spades-lead restriction (S-10..S-12), scoring (S-13..S-16) and the
//! game's end (S-17). Action codes are those of `koloda/games/spades/actions.py`.

use serde::{Deserialize, Serialize, Serializer};

use crate::core::cards::{
    is_valid_triple, pack_triple, suit_mask, triple_mask, CardBits, CardCode, Cards,
};
use crate::core::events::EventSink;
use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::tricks::{trick_winner_index, CardPlay};
use crate::core::{Seat, Suit};
use crate::games::{random_playouts, Deals, Playouts};

use super::position::SpadesPosition;

pub const LOOK: u32 = 64;
pub const BID_BASE: u32 = 65;
pub const NIL: i8 = Bid::Nil.code();
pub const DOUBLE_NIL: i8 = Bid::DoubleNil.code();
pub const BID_DOUBLE_NIL: u32 = BID_BASE + DOUBLE_NIL as u32;
pub const DISCARD_BASE: u32 = 1 << 18;
pub const GIVE_BASE: u32 = 1 << 19;
/// A discard or gift whose cards a seat does not know (views only).
pub const DISCARD_HIDDEN: u32 = DISCARD_BASE;
pub const GIVE_HIDDEN: u32 = GIVE_BASE;

crate::coded_enum! {
    /// Where a game of Spades stands: `PHASE_NAMES` of the Python state, in its order.
    pub enum Phase { AwaitDeal, Bid, Discard, Give, Play, Over }
}

pub const NUM_TRICKS: u8 = 13;
const NON_SPADES: CardBits = suit_mask(1) | suit_mask(2) | suit_mask(3);
const SPADES_SUIT: u8 = 0;
const NIL_VALUE: i64 = 100;
const BOTH_NIL_VALUE: i64 = 200;
const BAG_LIMIT: i64 = 10;
const BAG_PENALTY: i64 = 100;
/// The most decisions before the play: 4 looks, 4 bids, 2 discards, 2 gifts.
const MAX_PRE: usize = 12;

crate::coded_enum! {
    /// A seat's bid (S-4..S-6): nil, a number of tricks, or double nil (made blind). Its
    /// value is its code, the bid action less `BID_BASE`.
    pub enum Bid { Nil, One, Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Eleven, Twelve, Thirteen, DoubleNil }
}

impl Bid {
    /// The bid an action makes, if it is a bid.
    #[inline]
    pub const fn from_action(action: u32) -> Option<Bid> {
        match action.checked_sub(BID_BASE) {
            Some(code) if code < Bid::ALL.len() as u32 => Bid::from_code(code as u8),
            _ => None,
        }
    }

    /// The bid's code: `NIL`, the tricks bid, or `DOUBLE_NIL` (the events' and the sheet's).
    #[inline]
    pub const fn code(self) -> i8 {
        self as i8
    }

    /// The signed code of the bindings: the bid's code, or -1 (the Python engine's
    /// `NO_BID`) before the seat bids.
    #[inline]
    pub const fn to_code(bid: Option<Bid>) -> i8 {
        match bid {
            Some(bid) => bid.code(),
            None => -1,
        }
    }

    /// Nil or double nil (S-5, S-6).
    #[inline]
    pub const fn is_nil(self) -> bool {
        matches!(self, Bid::Nil | Bid::DoubleNil)
    }

    /// The tricks the bid adds to its side's contract (S-13): none for a nil (S-14).
    #[inline]
    pub const fn tricks(self) -> u8 {
        if self.is_nil() {
            0
        } else {
            self as u8
        }
    }
}

/// S-15: what a side loses when both its nil bids fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum BothNilFailure {
    /// Its score (when above zero), and its bags with it.
    #[serde(rename = "lose_score")]
    LoseScore,
    /// 200 points.
    #[serde(rename = "minus_200")]
    Minus200,
}

/// S-11: what breaks spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpadesBrokenBy {
    /// A spade discarded on another suit.
    Discard,
    /// Any spade played, a lead too.
    AnySpade,
}

/// The agreed rules (`SpadesOptions`, read by the same names and values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct SpadesOptions {
    pub double_nil: bool,
    pub nil_exchange: bool,
    pub bags_penalty: bool,
    pub both_nil_failure: BothNilFailure,
    pub spades_broken_by: SpadesBrokenBy,
    pub target: i64,
    pub max_deals: u32,
}

impl Default for SpadesOptions {
    fn default() -> Self {
        SpadesOptions {
            double_nil: true,
            nil_exchange: true,
            bags_penalty: false,
            both_nil_failure: BothNilFailure::LoseScore,
            spades_broken_by: SpadesBrokenBy::Discard,
            target: 500,
            max_deals: 0,
        }
    }
}

/// What one partnership's accounts gave in one hand (`scoring.SideScore`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideScore {
    pub score: i64,
    pub contract: i64,
    pub tricks: i64,
    pub contract_points: i64,
    pub nil_points: i64,
    pub overtricks: i64,
    pub bag_penalty: i64,
    pub bags: i64,
    pub lost_score: bool,
}

/// S-14: +100 / −100 for nil, ±200 for double nil.
fn nil_points(bid: Bid, tricks: u8) -> i64 {
    let value = if bid == Bid::DoubleNil {
        2 * NIL_VALUE
    } else {
        NIL_VALUE
    };
    if tricks == 0 {
        value
    } else {
        -value
    }
}

/// One side's hand (S-13, S-14, S-15), as `scoring.score_side`.
pub fn score_side(
    bids: [Bid; 2],
    tricks: [u8; 2],
    total_before: i64,
    bags_before: i64,
    options: &SpadesOptions,
) -> SideScore {
    if bids[0].is_nil() && bids[1].is_nil() {
        // S-15
        let mut bags = bags_before;
        let (score, lost) = if tricks[0] == 0 && tricks[1] == 0 {
            (BOTH_NIL_VALUE, false)
        } else if options.both_nil_failure == BothNilFailure::LoseScore {
            if total_before > 0 {
                bags = 0; // S-15 (clarified): the bags go with the score
            }
            (-total_before.max(0), true)
        } else {
            (-BOTH_NIL_VALUE, false)
        };
        return SideScore {
            score,
            nil_points: score,
            bags,
            lost_score: lost,
            ..SideScore::default()
        };
    }
    let mut nils = 0;
    let mut contract = 0i64;
    let mut counted = 0i64;
    for (bid, taken) in bids.into_iter().zip(tricks) {
        if bid.is_nil() {
            nils += nil_points(bid, taken); // S-14: his tricks count for nobody
        } else {
            contract += bid.tricks() as i64;
            counted += taken as i64;
        }
    }
    let (points, overtricks) = if counted >= contract {
        (10 * contract + (counted - contract), counted - contract)
    } else {
        (-10 * contract, 0)
    };
    let mut penalty = 0;
    let mut bags = 0;
    if options.bags_penalty {
        bags = bags_before + overtricks;
        penalty = -BAG_PENALTY * bags.div_euclid(BAG_LIMIT);
        bags = bags.rem_euclid(BAG_LIMIT);
    }
    SideScore {
        score: points + nils + penalty,
        contract,
        tricks: counted,
        contract_points: points,
        nil_points: nils,
        overtricks,
        bag_penalty: penalty,
        bags,
        lost_score: false,
    }
}

/// S-17: the winning side once the game is decided (first to the target; both there: the
/// higher total; equal totals: another hand).
pub fn game_winner(totals: [i64; 2], target: i64) -> Option<u8> {
    if (totals[0] < target && totals[1] < target) || totals[0] == totals[1] {
        return None;
    }
    Some(if totals[0] > totals[1] { 0 } else { 1 })
}

/// One line of the score sheet (`state.DealSummary`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetLine {
    pub deal: u32,
    pub dealer: u8,
    pub bids: [i8; 4],
    pub tricks: [u8; 4],
    pub sides: [SideScore; 2],
    pub totals: [i64; 2],
    /// The nil bidders who exchanged cards with their partner, lowest seat first.
    pub exchanges: Vec<u8>,
}

/// A finished deal as a record keeps it.
pub type DealRecord = crate::games::KeptDeal<13>;

/// What happened, for the checked path; serialized with its kind as the Python engine's
/// event (`koloda/core/events.py`, `spades/events.py`) is made from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind")]
pub enum Event {
    #[serde(rename = "card")]
    CardPlayed { seat: u8, card: CardCode },
    #[serde(rename = "broken")]
    SpadesBroken { seat: u8 },
    #[serde(rename = "trick")]
    TrickTaken { seat: u8, cards: [CardCode; 4] },
    #[serde(rename = "scored")]
    DealScored { deal: u32, scores: [i64; 2] },
    /// The sides' totals, and the winning sides.
    #[serde(rename = "over")]
    GameOver { totals: [f64; 2], winners: Vec<u8> },
    #[serde(rename = "bid")]
    BidMade { seat: u8, bid: i8 },
    #[serde(rename = "picked_up")]
    HandPickedUp {
        seat: u8,
        #[serde(rename = "cards", serialize_with = "card_list")]
        hand: CardBits,
    },
    #[serde(rename = "discarded")]
    CardsDiscarded {
        seat: u8,
        #[serde(serialize_with = "card_list")]
        cards: CardBits,
    },
    #[serde(rename = "exchanged")]
    CardsExchanged {
        nil_seat: u8,
        partner: u8,
        #[serde(serialize_with = "card_list")]
        discarded: CardBits,
        #[serde(serialize_with = "card_list")]
        given: CardBits,
    },
    #[serde(rename = "returned")]
    DiscardsReturned { seat: u8 },
}

/// A set of cards as the sequence of its cards, lowest code first.
fn card_list<S: Serializer>(cards: &CardBits, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(Cards(*cards))
}

/// The winning sides: none, one, or both (a tie at `max_deals`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Winners {
    pub count: u8,
    pub sides: [u8; 2],
}

impl Winners {
    pub fn as_slice(&self) -> &[u8] {
        &self.sides[..self.count as usize]
    }
}

/// A whole game of Spades in progress (`state.SpadesState`). Cloning copies the fixed-size
/// deal and shares the finished deals and the sheet until one of the copies finishes a deal.
#[derive(Clone, Debug)]
pub struct Spades {
    options: SpadesOptions,
    phase: Phase,
    /// The seat to act, or None between deals and after the game.
    to_act: Option<Seat>,
    deals: Deals<DealRecord, SheetLine>,
    hands: [CardBits; 4],
    card_play: CardPlay<13>,
    picked_up: [bool; 4],
    /// Each seat's bid, or None before it bids.
    bids: [Option<Bid>; 4],
    bid_count: u8,
    last_bidder: u8,
    pending: [CardBits; 4],
    sent: [CardBits; 4],
    received: [CardBits; 4],
    pre: [(u8, u32); MAX_PRE],
    pre_len: u8,
    broken: bool,
    totals: [i64; 2],
    bags: [i64; 2],
    winners: Winners,
}

impl Spades {
    /// A new game awaiting its first deal (`first_dealer` must be a seat 0..3).
    pub fn new(options: SpadesOptions, first_dealer: u8) -> Self {
        Spades {
            options,
            phase: Phase::AwaitDeal,
            to_act: None,
            deals: Deals::new(first_dealer),
            hands: [0; 4],
            card_play: CardPlay::default(),
            picked_up: [false; 4],
            bids: [None; 4],
            bid_count: 0,
            last_bidder: 0,
            pending: [0; 4],
            sent: [0; 4],
            received: [0; 4],
            pre: [(0, 0); MAX_PRE],
            pre_len: 0,
            broken: false,
            totals: [0; 2],
            bags: [0; 2],
            winners: Winners::default(),
        }
    }

    crate::games::state_accessors! {
        options: SpadesOptions,
        hands: [CardBits; 4],
        totals: 2,
        completed: DealRecord,
        sheet: SheetLine,
    }

    /// The suit led in the trick in progress, if a card of it is down.
    #[inline]
    pub fn lead_suit(&self) -> Option<Suit> {
        self.card_play.lead_suit()
    }

    /// How many seats play (four, in two partnerships).
    #[inline]
    pub fn n(&self) -> u8 {
        4
    }

    /// The seat to act, or None between deals and after the game.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The cards of the seat to act (none when nobody acts).
    #[inline]
    fn hand_to_act(&self) -> CardBits {
        self.to_act.map_or(0, |seat| self.hands[seat.at()])
    }

    crate::games::getters! {
        /// Whether each seat has looked at its cards (S-6), by seat.
        picked_up: &[bool; 4];
        /// Each seat's bid, None before it bids, by seat.
        bids: &[Option<Bid>; 4];
    }

    /// The four bids once all are made (S-4): in the card play and at the deal's end. A seat
    /// yet to bid, which the rules never leave then, counts as bidding nil.
    #[inline]
    pub(super) fn made_bids(&self) -> [Bid; 4] {
        self.bids.map(|bid| bid.unwrap_or(Bid::Nil))
    }

    /// The decisions before the card play in order, each with its seat: looks, bids,
    /// discards and gifts (S-4..S-9).
    #[inline]
    pub fn auction(&self) -> &[(u8, u32)] {
        &self.pre[..self.pre_len as usize]
    }

    crate::games::getters! {
        /// The cards each nil bidder has discarded and not yet exchanged (S-7), by seat.
        pending: &[CardBits; 4];
        /// The cards each seat gave in the exchange (S-7), by seat.
        sent: &[CardBits; 4];
        /// The cards each seat received in the exchange (S-7), by seat.
        received: &[CardBits; 4];
    }

    crate::games::getters! {
        /// Whether spades are broken this deal (S-11).
        broken: bool;
        /// Each side's bags (S-13), by side.
        bags: &[i64; 2];
        /// The winning sides once the game is over (S-17).
        winners: &Winners;
    }

    /// Puts the game in the position `position` describes (a state of the Python engine);
    /// the options, the first dealer and the finished deals stay. A position that does not
    /// fit the table (its seats, hands, sides or counts) is an error and changes nothing.
    pub fn restore(&mut self, position: SpadesPosition) -> Result<(), String> {
        let card_play = CardPlay::from_position(4, 13, &position.dealt, &position.card_play)?;
        let seat = |seat: Option<Seat>| seat.is_none_or(|seat| seat.index() < 4);
        let in_deal = position.phase != Phase::AwaitDeal && position.phase != Phase::Over;
        if !(position.dealer < 4
            && seat(position.to_act)
            && (!in_deal || position.to_act.is_some())
            && position
                .bids
                .iter()
                .flatten()
                .all(|&bid| bid <= DOUBLE_NIL as u8)
            && position.auction.len() <= MAX_PRE
            && position.auction.iter().all(|&(seat, _)| seat < 4)
            && position.winners.len() <= 2
            && position.winners.iter().all(|&side| side < 2))
        {
            return Err("the position does not fit this table".into());
        }
        let bids = position.bids.map(|bid| bid.and_then(Bid::from_code));
        self.phase = position.phase;
        self.to_act = position.to_act;
        self.deals
            .restore(position.deal_number, position.dealer, position.sheet);
        self.card_play = card_play;
        self.hands = position.hands;
        self.picked_up = position.picked_up;
        self.bids = bids;
        self.bid_count = bids.iter().flatten().count() as u8;
        self.last_bidder = position
            .auction
            .iter()
            .rev()
            .find(|&&(_, action)| Bid::from_action(action).is_some())
            .map_or((position.dealer + 3) & 3, |&(seat, _)| seat);
        self.pending = position.pending;
        self.sent = position.sent;
        self.received = position.received;
        self.pre = [(0, 0); MAX_PRE];
        self.pre[..position.auction.len()].copy_from_slice(&position.auction);
        self.pre_len = position.auction.len() as u8;
        self.broken = position.broken;
        self.totals = position.totals;
        self.bags = position.bags;
        self.winners = Winners::default();
        for &side in &position.winners {
            self.winners.sides[self.winners.count as usize] = side;
            self.winners.count += 1;
        }
        Ok(())
    }

    /// The position the game is in (what [`Spades::restore`] takes).
    pub fn position(&self) -> SpadesPosition {
        SpadesPosition {
            phase: self.phase,
            to_act: self.to_act(),
            deal_number: self.deal_number(),
            dealer: self.dealer(),
            dealt: crate::games::Recorded::dealt_in_deal(self),
            hands: self.hands,
            picked_up: self.picked_up,
            bids: self.bids.map(|bid| bid.map(|bid| bid.code() as u8)),
            pending: self.pending,
            sent: self.sent,
            received: self.received,
            auction: self.auction().to_vec(),
            card_play: self.card_play.position(4),
            broken: self.broken,
            totals: self.totals,
            bags: self.bags,
            winners: self.winners.as_slice().to_vec(),
            sheet: self.sheet().to_vec(),
        }
    }

    // ----- legal actions ---------------------------------------------------------------

    /// The cards the seat to act may play (S-10..S-12); 0 outside the play.
    #[inline]
    pub fn legal_card_mask(&self) -> CardBits {
        if self.phase != Phase::Play {
            return 0;
        }
        let Some(seat) = self.to_act else {
            return 0;
        };
        let hand = self.hands[seat.at()];
        if self.card_play.trick_count() > 0 {
            let follow = hand & suit_mask(self.card_play.lead_suit_code());
            if follow != 0 {
                return follow; // S-12: follow suit
            }
            return hand;
        }
        if !self.broken && hand & NON_SPADES != 0 {
            return hand & NON_SPADES; // S-10, S-11: no spade lead
        }
        hand
    }

    /// How many legal actions there are now.
    pub fn legal_count(&self) -> u32 {
        match self.phase {
            Phase::Play => self.legal_card_mask().count_ones(),
            Phase::Bid => {
                if self.blind_choice() {
                    2
                } else {
                    14
                }
            }
            Phase::Discard | Phase::Give => {
                let n = self.hand_to_act().count_ones();
                n * n.saturating_sub(1) * n.saturating_sub(2) / 6
            }
            _ => 0,
        }
    }

    #[inline]
    fn blind_choice(&self) -> bool {
        self.options.double_nil && self.to_act.is_some_and(|seat| !self.picked_up[seat.at()])
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
            Phase::Bid => {
                if self.blind_choice() {
                    out.extend([LOOK, BID_DOUBLE_NIL]); // S-6
                } else {
                    out.extend(BID_BASE..BID_BASE + 14); // S-4: nil, 1..13
                }
            }
            Phase::Discard | Phase::Give => {
                let base = self.exchange_base();
                let mut cards = [0u32; 13];
                let mut n = 0;
                for card in Cards(self.hand_to_act()) {
                    cards[n] = card as u32;
                    n += 1;
                }
                for i in 0..n {
                    for j in i + 1..n {
                        for k in j + 1..n {
                            out.push(base + (cards[i] << 12 | cards[j] << 6 | cards[k]));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The code of the exchange's first decision in its phase (S-7): a discard's or a gift's.
    #[inline]
    fn exchange_base(&self) -> u32 {
        if self.phase == Phase::Discard {
            DISCARD_BASE
        } else {
            GIVE_BASE
        }
    }

    /// The packed triple of cards `action` names in the exchange (S-7), if it names one.
    #[inline]
    fn exchange_triple(&self, action: i64) -> Option<u32> {
        let packed = action.checked_sub(self.exchange_base().into())?;
        u32::try_from(packed)
            .ok()
            .filter(|&packed| packed < 1 << 18 && is_valid_triple(packed))
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: i64) -> bool {
        match self.phase {
            Phase::Play => (0..64).contains(&action) && self.legal_card_mask() >> action & 1 == 1,
            Phase::Bid => {
                if self.blind_choice() {
                    action == LOOK as i64 || action == BID_DOUBLE_NIL as i64
                } else {
                    (BID_BASE as i64..BID_BASE as i64 + 14).contains(&action)
                }
            }
            Phase::Discard | Phase::Give => self.exchange_triple(action).is_some_and(|packed| {
                let mask = triple_mask(packed);
                self.hand_to_act() & mask == mask
            }),
            _ => false,
        }
    }

    /// Why `action`, in a deal and not legal, is illegal (S-4, S-6, S-7, S-10..S-12): what
    /// `check` gives then.
    fn illegal(&self, action: i64) -> IllegalMove {
        let seat = self.to_act.map_or(0, Seat::index);
        let hand = self.hand_to_act();
        match self.phase {
            Phase::Bid => {
                if action == LOOK as i64 {
                    IllegalMove::AlreadyLooked { seat }
                } else if action == BID_DOUBLE_NIL as i64 {
                    if !self.options.double_nil {
                        IllegalMove::breaks(
                            "double nil is not played at this table",
                            "S-6, option double_nil",
                        )
                    } else {
                        IllegalMove::breaks(
                            "double nil may only be bid before looking at the cards",
                            "S-6",
                        )
                    }
                } else if (BID_BASE as i64..BID_DOUBLE_NIL as i64).contains(&action) {
                    IllegalMove::SeatMust {
                        seat,
                        reason: "must first look at his cards (look) or bid double nil blind",
                        rule: "S-6",
                    }
                } else {
                    IllegalMove::SeatMust {
                        seat,
                        reason: "must bid now",
                        rule: "S-4",
                    }
                }
            }
            Phase::Discard | Phase::Give => {
                let Some(packed) = self.exchange_triple(action) else {
                    return if self.phase == Phase::Discard {
                        IllegalMove::breaks(
                            "the nil bidder must discard three cards face down",
                            "S-7",
                        )
                    } else {
                        IllegalMove::breaks(
                            "the nil bidder's partner must give him three cards",
                            "S-7",
                        )
                    };
                };
                let cards = triple_mask(packed) & !hand;
                IllegalMove::NotAllInHand { cards, seat }
            }
            _ => {
                if !(0..64).contains(&action) {
                    return IllegalMove::CardDue;
                }
                if hand >> action & 1 == 0 {
                    let card = action as CardCode;
                    return IllegalMove::NotInHand { card, seat };
                }
                if self.card_play.trick_count() > 0 {
                    IllegalMove::MustFollow {
                        suit: self.card_play.lead_suit_code(),
                        rule: "S-12",
                    }
                } else if self.card_play.tricks_played() == 0 {
                    IllegalMove::breaks("the first trick may not be led with a spade", "S-10, S-11")
                } else {
                    IllegalMove::breaks("spades may not be led until broken", "S-11")
                }
            }
        }
    }

    /// A uniformly random legal action (the batch path's random player).
    pub fn random_action(&self, rng: &mut Rng) -> u32 {
        match self.phase {
            Phase::Play => rng.card(self.legal_card_mask()).into(),
            Phase::Bid => {
                if self.blind_choice() {
                    if rng.below(2) == 0 {
                        LOOK
                    } else {
                        BID_DOUBLE_NIL
                    }
                } else {
                    BID_BASE + rng.below(14)
                }
            }
            Phase::Discard | Phase::Give => {
                let base = self.exchange_base();
                let mut hand = self.hand_to_act();
                let mut chosen = 0;
                for _ in 0..3 {
                    let card = rng.card(hand);
                    chosen |= 1u64 << card;
                    hand &= !(1u64 << card);
                }
                base + pack_triple(chosen)
            }
            _ => 0,
        }
    }

    // ----- applying actions --------------------------------------------------------------

    /// One legal decision (unchecked: the caller guarantees legality). Returns true when it
    /// finished a deal and the game goes on (the next deal is due).
    #[inline]
    pub fn step<E: EventSink<Event>>(&mut self, action: u32, events: &mut E) -> bool {
        if self.phase != Phase::Play {
            self.decide(action, events);
            return false;
        }
        self.play(action as CardCode, events)
    }

    fn play<E: EventSink<Event>>(&mut self, card: CardCode, events: &mut E) -> bool {
        let Some(seat) = self.to_act.map(Seat::index) else {
            return false; // nobody to play: not in a deal
        };
        if E::ON {
            events.push(Event::CardPlayed { seat, card });
        }
        if !self.broken && card >> 4 == SPADES_SUIT {
            // S-11: a spade discarded on another suit (or led, under the option) breaks them
            let breaks = if self.card_play.trick_count() > 0 {
                self.card_play.lead_suit_code() != SPADES_SUIT
            } else {
                self.options.spades_broken_by == SpadesBrokenBy::AnySpade
            };
            if breaks {
                self.broken = true;
                if E::ON {
                    events.push(Event::SpadesBroken { seat });
                }
            }
        }
        self.hands[seat as usize] ^= 1u64 << card;
        if !self.card_play.play(seat, card, 4) {
            self.to_act = Some(Seat::new(seat).next(4));
            return false;
        }
        // S-12: the highest spade, else the highest card of the led suit, wins; he leads.
        let trick = self.card_play.completed_trick(4);
        let cards = [trick[0] & 63, trick[1] & 63, trick[2] & 63, trick[3] & 63];
        let winner = trick[trick_winner_index(&cards, Some(SPADES_SUIT))] >> 6;
        self.card_play.take_trick(winner);
        self.to_act = Some(Seat::new(winner));
        if E::ON {
            events.push(Event::TrickTaken {
                seat: winner,
                cards,
            });
        }
        if self.card_play.tricks_played() == NUM_TRICKS {
            return self.finish_deal(events);
        }
        false
    }

    fn decide<E: EventSink<Event>>(&mut self, action: u32, events: &mut E) {
        let Some(seat) = self.to_act.map(Seat::index) else {
            return; // nobody to decide: not in a deal
        };
        self.pre[self.pre_len as usize] = (seat, action);
        self.pre_len += 1;
        match self.phase {
            Phase::Bid => match Bid::from_action(action) {
                Some(bid) => self.bid(seat, bid, events),
                None => self.pick_up(seat, events), // LOOK
            },
            Phase::Discard => self.discard(seat, triple_mask(action - DISCARD_BASE), events),
            _ => self.give(seat, triple_mask(action - GIVE_BASE), events),
        }
    }

    fn pick_up<E: EventSink<Event>>(&mut self, seat: u8, events: &mut E) {
        self.picked_up[seat as usize] = true;
        if E::ON {
            events.push(Event::HandPickedUp {
                seat,
                hand: self.hands[seat as usize],
            });
        }
    }

    fn bid<E: EventSink<Event>>(&mut self, seat: u8, bid: Bid, events: &mut E) {
        self.bids[seat as usize] = Some(bid);
        self.bid_count += 1;
        self.last_bidder = seat;
        if E::ON {
            events.push(Event::BidMade {
                seat,
                bid: bid.code(),
            });
        }
        if !self.picked_up[seat as usize] {
            self.pick_up(seat, events); // S-6: the double nil bidder picks up his cards
        }
        if self.options.nil_exchange {
            let partner = (seat ^ 2) as usize;
            if bid.is_nil() {
                if !self.bids[partner].is_some_and(Bid::is_nil) {
                    self.phase = Phase::Discard; // S-7: discard right after the bid
                    return;
                }
                if self.pending[partner] != 0 {
                    // S-7 reading, S-8: the discards go back
                    self.hands[partner] |= self.pending[partner];
                    self.pending[partner] = 0;
                    if E::ON {
                        events.push(Event::DiscardsReturned {
                            seat: partner as u8,
                        });
                    }
                }
            } else if self.pending[partner] != 0 {
                self.phase = Phase::Give; // S-7: the partner gives right after his bid
                return;
            }
        }
        self.next_bidder();
    }

    fn discard<E: EventSink<Event>>(&mut self, seat: u8, mask: CardBits, events: &mut E) {
        self.hands[seat as usize] ^= mask;
        self.pending[seat as usize] = mask;
        if E::ON {
            events.push(Event::CardsDiscarded { seat, cards: mask });
        }
        let partner = seat ^ 2;
        if self.bids[partner as usize].is_none() {
            self.next_bidder();
        } else {
            self.phase = Phase::Give; // S-7: the partner has bid: he gives at once
            self.to_act = Some(Seat::new(partner));
        }
    }

    fn give<E: EventSink<Event>>(&mut self, seat: u8, mask: CardBits, events: &mut E) {
        let nil_seat = (seat ^ 2) as usize;
        let giver = seat as usize;
        let discards = self.pending[nil_seat];
        self.pending[nil_seat] = 0;
        self.hands[giver] = (self.hands[giver] ^ mask) | discards;
        self.hands[nil_seat] |= mask;
        self.sent[nil_seat] = discards;
        self.received[nil_seat] = mask;
        self.sent[giver] = mask;
        self.received[giver] = discards;
        if E::ON {
            events.push(Event::CardsExchanged {
                nil_seat: nil_seat as u8,
                partner: seat,
                discarded: discards,
                given: mask,
            });
        }
        self.next_bidder();
    }

    fn next_bidder(&mut self) {
        if self.bid_count == 4 {
            let leader = (self.dealer() + 1) & 3; // S-10
            self.phase = Phase::Play;
            self.card_play.set_leader(Seat::new(leader));
            self.to_act = Some(Seat::new(leader));
        } else {
            self.phase = Phase::Bid; // S-4: bidding goes on to the left
            self.to_act = Some(Seat::new(self.last_bidder).next(4));
        }
    }

    // ----- deals -----------------------------------------------------------------------

    /// How many cards each hand is dealt (S-2).
    #[inline]
    pub fn hand_size(&self) -> usize {
        usize::from(NUM_TRICKS)
    }

    /// Starts the next deal from these hands, each in dealt order (the caller has checked
    /// them against the deck).
    pub fn deal(&mut self, hands: &[[CardCode; 13]; 4]) {
        self.card_play.deal(hands);
        for (seat, hand) in hands.iter().enumerate() {
            self.hands[seat] = hand.iter().fold(0, |mask, &card| mask | 1u64 << card);
        }
        self.picked_up = [!self.options.double_nil; 4]; // S-6
        self.bids = [None; 4];
        self.bid_count = 0;
        self.last_bidder = (self.dealer() + 3) & 3;
        self.pending = [0; 4];
        self.sent = [0; 4];
        self.received = [0; 4];
        self.pre_len = 0;
        self.broken = false;
        self.phase = Phase::Bid;
        self.to_act = Some(Seat::new(self.dealer())); // S-4: the dealer bids first
    }

    /// Deals a random deal (the batch path).
    pub fn deal_random(&mut self, rng: &mut Rng) {
        let mut deck: [CardCode; 52] = [0; 52];
        for (index, slot) in deck.iter_mut().enumerate() {
            *slot = (((index / 13) << 4) | (index % 13)) as CardCode;
        }
        rng.shuffle(&mut deck);
        let mut hands = [[0; 13]; 4];
        for (seat, hand) in hands.iter_mut().enumerate() {
            hand.copy_from_slice(&deck[seat * 13..seat * 13 + 13]);
        }
        self.deal(&hands);
    }

    /// The decisions of the deal in progress, in order (the record's actions).
    pub fn current_actions(&self) -> impl Iterator<Item = u32> + '_ {
        self.pre[..self.pre_len as usize]
            .iter()
            .map(|&(_, action)| action)
            .chain(self.card_play.played_cards())
    }

    /// Not inlined: in `play` its frame would be set up for every card, not once a deal.
    #[inline(never)]
    fn finish_deal<E: EventSink<Event>>(&mut self, events: &mut E) -> bool {
        let options = self.options;
        let (bids, tricks) = (self.made_bids(), *self.card_play.tricks());
        let sides = [0, 1].map(|side| {
            let (bids, tricks) = (
                [bids[side], bids[side + 2]],
                [tricks[side], tricks[side + 2]],
            );
            score_side(bids, tricks, self.totals[side], self.bags[side], &options)
        });
        for (side, score) in sides.iter().enumerate() {
            self.totals[side] += score.score;
            self.bags[side] = score.bags;
        }
        let dealt = *self.card_play.dealt();
        let record = DealRecord::new(self.dealer(), dealt, self.current_actions().collect());
        let exchanges = (0..4u8)
            .filter(|&seat| self.received[seat as usize] != 0 && bids[seat as usize].is_nil())
            .collect();
        let line = SheetLine {
            deal: self.deal_number(),
            dealer: self.dealer(),
            bids: bids.map(Bid::code),
            tricks,
            sides,
            totals: self.totals,
            exchanges,
        };
        if E::ON {
            events.push(Event::DealScored {
                deal: self.deal_number(),
                scores: [sides[0].score, sides[1].score],
            });
        }
        let next_dealer = (self.dealer() + 1) & 3; // S-3
        self.deals.finish(record, line, next_dealer);
        self.to_act = None;
        let mut winners = Winners::default();
        if let Some(side) = game_winner(self.totals, options.target) {
            winners = Winners {
                count: 1,
                sides: [side, 0],
            };
        } else if options.max_deals > 0 && self.deal_number() >= options.max_deals {
            let best = self.totals[0].max(self.totals[1]);
            for side in 0..2u8 {
                if self.totals[side as usize] == best {
                    winners.sides[winners.count as usize] = side;
                    winners.count += 1;
                }
            }
        }
        if winners.count > 0 {
            self.winners = winners;
            self.phase = Phase::Over;
            if E::ON {
                events.push(Event::GameOver {
                    totals: self.totals.map(|total| total as f64),
                    winners: winners.as_slice().to_vec(),
                });
            }
            return false;
        }
        self.phase = Phase::AwaitDeal;
        true
    }

    // ----- views -----------------------------------------------------------------------

    /// The auction as `seat` sees it: a discard or gift whose cards it does not know is
    /// `DISCARD_HIDDEN` / `GIVE_HIDDEN` (S-7).
    pub fn visible_auction(&self, seat: u8) -> impl Iterator<Item = (u8, u32)> + '_ {
        self.pre[..self.pre_len as usize]
            .iter()
            .map(move |&(who, action)| {
                if action >= GIVE_BASE {
                    if seat != who && seat != who ^ 2 {
                        return (who, GIVE_HIDDEN);
                    }
                } else if action >= DISCARD_BASE {
                    let exchanged = self.sent[who as usize] != 0; // the partner took them
                    if seat != who && !(seat == who ^ 2 && exchanged) {
                        return (who, DISCARD_HIDDEN);
                    }
                }
                (who, action)
            })
    }

    /// The cards `seat` sees in its hand: its own once picked up (S-6), during a deal.
    pub fn visible_hand(&self, seat: u8) -> CardBits {
        if self.in_deal() && self.picked_up[seat as usize] {
            self.hands[seat as usize]
        } else {
            0
        }
    }

    /// Each seat's result: its side's total (S-16, S-17).
    pub fn outcome(&self) -> [f64; 4] {
        let (a, b) = (self.totals[0] as f64, self.totals[1] as f64);
        [a, b, a, b]
    }
}

crate::games::impl_game!(Spades {
    view: super::view::SpadesView,
    line: SheetLine,
    position: SpadesPosition,
    dealt: Event,
});
crate::games::impl_recorded!(Spades, 13);

/// The highest target and number of deals the options allow (`spades/options.py`).
const MAX_TARGET: i64 = 1000;
const MAX_DEALS: u32 = 1000;

impl crate::games::Setup for Spades {
    type Options = SpadesOptions;
    fn setup(options: SpadesOptions, first_dealer: u8) -> Result<Spades, String> {
        if !(1..=MAX_TARGET).contains(&options.target) {
            return Err(format!("target must be 1..{MAX_TARGET} (S-17)"));
        }
        if options.max_deals > MAX_DEALS {
            return Err(format!("max_deals must be 0..{MAX_DEALS}"));
        }
        Ok(Spades::new(options, first_dealer & 3))
    }
}

/// `games` whole games of uniformly random decisions, deals from `seed`, all in Rust.
/// With `deal_limit` (0: none) a game stops after that many deals if it has not ended. The
/// total points are each side's final total; `wins` counts the games won by side 0, by
/// side 1, and shared.
pub fn playouts(options: SpadesOptions, games: u64, seed: u64, deal_limit: u32) -> Playouts<i64> {
    let new = |dealer| Spades::new(options, dealer);
    random_playouts((games, seed, deal_limit), (4, 2), new, |state, result| {
        let wins = result.wins.get_or_insert([0; 3]);
        match state.winners.as_slice() {
            [0] => wins[0] += 1,
            [1] => wins[1] += 1,
            _ => wins[2] += 1,
        }
        result.add_totals(state.totals);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tricks::TrickPlay;
    use crate::games::options_with as options;
    use crate::games::spades::suited_deal;

    #[test]
    fn scoring_follows_s13_to_s15() {
        use Bid::{DoubleNil, Four, Nil, Three, Two};
        let plain = SpadesOptions::default();
        // rule: S-13 made with overtricks, and set
        assert_eq!(score_side([Three, Two], [4, 2], 0, 0, &plain).score, 51);
        assert_eq!(score_side([Three, Two], [2, 2], 0, 0, &plain).score, -50);
        // rule: S-14 nil made beside a made contract; failed double nil
        assert_eq!(
            score_side([Nil, Four], [0, 5], 0, 0, &plain).score,
            100 + 41
        );
        assert_eq!(
            score_side([DoubleNil, Four], [1, 4], 0, 0, &plain).score,
            -200 + 40
        );
        // rule: S-15 both nil: made, lost score, minus 200
        assert_eq!(score_side([Nil, Nil], [0, 0], 90, 0, &plain).score, 200);
        assert_eq!(score_side([Nil, Nil], [0, 1], 90, 0, &plain).score, -90);
        assert_eq!(score_side([Nil, Nil], [0, 1], -30, 0, &plain).score, 0);
        let minus = options(|o: &mut SpadesOptions| o.both_nil_failure = BothNilFailure::Minus200);
        assert_eq!(score_side([Nil, Nil], [1, 1], 90, 0, &minus).score, -200);
        // rule: S-13 bags penalty
        let bags = options(|o: &mut SpadesOptions| o.bags_penalty = true);
        let side = score_side([Two, Two], [6, 3], 0, 8, &bags);
        assert_eq!(
            (side.score, side.bags, side.bag_penalty),
            (45 - 100, 3, -100)
        );
    }

    #[test]
    fn a_bid_is_its_code() {
        // rule: S-4 nil or 1..13, S-6 double nil
        for code in 0..15u8 {
            let bid = Bid::from_code(code).expect("a bid");
            assert_eq!(bid.code(), code as i8);
            assert_eq!(Bid::from_action(BID_BASE + u32::from(code)), Some(bid));
            assert_eq!(bid.is_nil(), code == 0 || code == 14);
            assert_eq!(bid.tricks(), if bid.is_nil() { 0 } else { code });
        }
        assert_eq!((Bid::from_code(15), Bid::from_action(LOOK)), (None, None));
        assert_eq!(Bid::from_action(BID_BASE + 256), None);
        assert_eq!((NIL, DOUBLE_NIL), (0, 14));
        assert_eq!((Bid::to_code(None), Bid::to_code(Some(Bid::Nil))), (-1, 0));
    }

    #[test]
    fn game_ends_at_target_with_ties_playing_on() {
        // rule: S-17
        assert_eq!(game_winner([500, 20], 500), Some(0));
        assert_eq!(game_winner([510, 530], 500), Some(1));
        assert_eq!(game_winner([510, 510], 500), None);
        assert_eq!(game_winner([499, 0], 500), None);
    }

    #[test]
    fn blind_choice_then_bids_from_the_dealer() {
        let mut state = Spades::new(SpadesOptions::default(), 3);
        state.deal(&suited_deal());
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal, vec![LOOK, BID_DOUBLE_NIL]); // rule: S-6
        assert_eq!(state.to_act, Some(Seat::new(3))); // rule: S-4
        state.step(LOOK, &mut ());
        state.legal_actions(&mut legal);
        assert_eq!(legal.len(), 14);
        state.step(BID_BASE + 3, &mut ());
        assert_eq!(state.to_act, Some(Seat::new(0)));
    }

    #[test]
    fn nil_exchange_and_returned_discards() {
        let mut state = Spades::new(SpadesOptions::default(), 0);
        state.deal(&suited_deal());
        let mut events = Vec::new();
        state.step(LOOK, &mut events);
        state.step(BID_BASE, &mut events); // seat 0 nil: discards at once (S-7)
        assert_eq!(state.phase, Phase::Discard);
        assert_eq!(state.legal_count(), 286);
        state.step(DISCARD_BASE + (10 << 12 | 11 << 6 | 12), &mut events);
        assert_eq!(state.hands[0].count_ones(), 10);
        assert_eq!(state.to_act, Some(Seat::new(1)));
        state.step(LOOK, &mut events);
        state.step(BID_BASE + 4, &mut events);
        state.step(LOOK, &mut events);
        state.step(BID_BASE, &mut events); // seat 2 nil too: the discards go back (S-8)
        assert_eq!(state.hands[0].count_ones(), 13);
        assert!(events.contains(&Event::DiscardsReturned { seat: 0 }));
        assert_eq!(
            (state.phase, state.to_act),
            (Phase::Bid, Some(Seat::new(3)))
        );
    }

    #[test]
    fn spades_may_not_be_led_until_broken() {
        // rule: S-10, S-11
        let opts = options(|o: &mut SpadesOptions| {
            o.double_nil = false;
            o.nil_exchange = false;
        });
        let mut state = Spades::new(opts, 3);
        state.deal(&suited_deal());
        for _ in 0..4 {
            let legal = {
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                legal
            };
            state.step(legal[0], &mut ());
        }
        assert_eq!(state.phase, Phase::Play);
        assert_eq!(state.to_act, Some(Seat::new(0)));
        // seat 0 holds only spades: he may lead one, and that breaks nothing
        assert_eq!(state.legal_card_mask(), state.hands[0]);
        state.step(0, &mut ());
        assert!(!state.broken);
    }

    #[test]
    fn random_games_keep_the_invariants() {
        for (index, seed) in (0..40u64).enumerate() {
            let opts = options(|o: &mut SpadesOptions| {
                o.double_nil = index % 2 == 0;
                o.nil_exchange = index % 3 != 0;
                o.bags_penalty = index % 5 == 0;
                o.both_nil_failure = if index % 7 != 0 {
                    BothNilFailure::LoseScore
                } else {
                    BothNilFailure::Minus200
                };
                o.spades_broken_by = if index % 4 == 1 {
                    SpadesBrokenBy::AnySpade
                } else {
                    SpadesBrokenBy::Discard
                };
                o.target = 200;
                o.max_deals = 30;
            });
            let mut rng = Rng::new(seed);
            let mut state = Spades::new(opts, (seed & 3) as u8);
            state.deal_random(&mut rng);
            let mut legal = Vec::new();
            while !state.is_over() {
                state.legal_actions(&mut legal);
                assert_eq!(legal.len() as u32, state.legal_count());
                let action = legal[rng.below(legal.len() as u32) as usize];
                assert!(state.is_legal(action as i64));
                if state.phase == Phase::Play {
                    let total: u32 = state.hands.iter().map(|h| h.count_ones()).sum();
                    assert_eq!(total + state.plays().len() as u32, 52);
                }
                if state.step(action, &mut ()) {
                    state.deal_random(&mut rng);
                }
            }
            let sheet_total: i64 = state.sheet().iter().map(|l| l.sides[0].score).sum();
            assert_eq!(sheet_total, state.totals[0]);
            assert_eq!(state.completed().len(), state.sheet().len());
        }
    }

    #[test]
    fn a_position_restores_whole_in_the_middle_of_a_deal() {
        let mut rng = Rng::new(5);
        for seed in 0..30u64 {
            let mut state = Spades::new(SpadesOptions::default(), (seed & 3) as u8);
            state.deal_random(&mut rng);
            for _ in 0..rng.below(60) {
                if state.step(state.random_action(&mut rng), &mut ()) {
                    state.deal_random(&mut rng);
                }
            }
            let mut copy = Spades::new(SpadesOptions::default(), 0);
            copy.restore(state.position())
                .expect("a position of this table");
            assert_eq!(copy.position(), state.position());
            // the copy plays on exactly as the game does
            let mut legal = (Vec::new(), Vec::new());
            while !state.is_over() && state.deal_number() == copy.deal_number() {
                state.legal_actions(&mut legal.0);
                copy.legal_actions(&mut legal.1);
                assert_eq!(legal.0, legal.1);
                let action = state.random_action(&mut rng);
                if state.step(action, &mut ()) | copy.step(action, &mut ()) {
                    break;
                }
            }
            assert_eq!(copy.position(), state.position());
        }
    }

    #[test]
    fn a_position_for_another_table_is_refused() {
        let mut state = Spades::new(SpadesOptions::default(), 1);
        state.deal(&suited_deal());
        state.step(LOOK, &mut ());
        let before = state.position();
        let broken: [fn(&mut SpadesPosition); 5] = [
            |position| position.dealt.truncate(3),
            |position| position.dealt[0].push(0),
            |position| position.dealer = 4,
            |position| position.to_act = None, // in a deal, someone acts
            |position| position.winners = vec![0, 1, 1],
        ];
        for spoil in broken {
            let mut position = before.clone();
            spoil(&mut position);
            assert!(state.restore(position).is_err());
            assert_eq!(state.position(), before);
        }
    }

    #[test]
    fn options_out_of_range_are_refused() {
        use crate::games::Setup;
        assert_eq!(
            Spades::setup(SpadesOptions::default(), 6).unwrap().dealer(),
            2
        );
        assert!(Spades::setup(options(|o: &mut SpadesOptions| o.target = 0), 0).is_err());
        assert!(Spades::setup(options(|o: &mut SpadesOptions| o.max_deals = 1001), 0).is_err());
    }

    #[test]
    fn playouts_count_decisions() {
        let opts = options(|o: &mut SpadesOptions| o.max_deals = 3);
        let result = playouts(opts, 20, 1, 0);
        assert_eq!(result.games, 20);
        assert_eq!(result.wins.unwrap_or_default().iter().sum::<u64>(), 20);
        assert!(result.decisions >= 20 * 3 * 56);
        assert_eq!(playouts(opts, 20, 1, 0), result);
    }
}
