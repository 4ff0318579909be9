//! Tressette (docs/rules/tressette.md), exactly as `koloda/games/tressette` plays it: 40 cards
//! ranked 3 2 A K Q J 7 6 5 4 (T-2, T-3), hearts beating the other suits but for ♥6 ♥5 ♥4
//! (T-6), follow suit (T-5), declarations counted from each hand (T-7..T-11), points scored
//! the moment they are earned (T-12..T-15), games of 21 (T-15..T-17) and a group of three
//! (T-18).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::core::cards::rank::{ACE, FIVE, FOUR, JACK, KING, QUEEN, SEVEN, SIX, THREE, TWO};
use crate::core::cards::{suit_mask, CardBits, CardCode, Cards};
use crate::core::events::EventSink;
use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::tricks::{best_play, CardPlay};
use crate::core::{Card, CardSet, Seat};
use crate::games::{random_playouts, Deals, Playouts};

use super::position::TressettePosition;

crate::coded_enum! {
    /// Where a game of Tressette stands: `PHASE_NAMES` of the Python state, in its order.
    pub enum Phase { AwaitDeal, Play, Over }
}

pub const NUM_TRICKS: u8 = 10;
/// T-3: the ranks strongest first.
pub const RANKS_STRONGEST_FIRST: [u8; 10] =
    [THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR];
const LANE_40: CardBits = 1 << TWO
    | 1 << THREE
    | 1 << FOUR
    | 1 << FIVE
    | 1 << SIX
    | 1 << SEVEN
    | 1 << JACK
    | 1 << QUEEN
    | 1 << KING
    | 1 << ACE;
/// T-2: the 40 cards (no 8, 9, 10).
pub const DECK_40: CardBits = LANE_40 * (1 | 1 << 16 | 1 << 32 | 1 << 48);
const COUNTING_LANE: CardBits =
    1 << THREE | 1 << TWO | 1 << ACE | 1 << KING | 1 << QUEEN | 1 << JACK;
/// T-12: the 24 counting cards.
pub const COUNTING: CardBits = COUNTING_LANE * (1 | 1 << 16 | 1 << 32 | 1 << 48);
/// T-6: ♥3 ♥2 ♥A ♥K ♥Q ♥J ♥7 beat any card of another suit.
pub const TRUMP_HEARTS: CardBits = (COUNTING_LANE | 1 << SEVEN) << 16;
const GAME_POINTS: i64 = 21;
const DOUBLE_BELOW: i64 = 11;
/// T-18: the games of a group.
pub const GAMES_PER_GROUP: usize = 3;
const NINE_TRICKS_BONUS: i64 = 6;
const ALL_TRICKS_BONUS: i64 = 4;
const BABA_LANE: u32 = 1 << THREE | 1 << TWO | 1 << ACE;
/// The most declarations one hand of ten can make.
pub const MAX_DECLARATIONS: usize = 8;

/// T-3: strength by rank (3 = 10 .. 4 = 1; ranks outside the deck 0).
pub fn strength(rank: u8) -> u32 {
    RANKS_STRONGEST_FIRST
        .iter()
        .position(|&r| r == rank)
        .map_or(0, |i| 10 - i as u32)
}

/// T-12: how the counting cards score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardPoints {
    /// Each trick's thirds, rounded down (a trick of three counting cards is a point).
    PerTrick,
    /// The thirds of all a seat took in the deal.
    Pooled,
}

/// T-9: where a long run may start below the three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LongRun {
    Seven,
    Ten,
}

/// The agreed rules (`TressetteOptions`, read by the same names and values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct TressetteOptions {
    pub hearts_special: bool,
    pub card_points: CardPoints,
    pub long_run: LongRun,
}

impl Default for TressetteOptions {
    fn default() -> Self {
        TressetteOptions {
            hearts_special: true,
            card_points: CardPoints::PerTrick,
            long_run: LongRun::Seven,
        }
    }
}

#[cfg(test)]
impl TressetteOptions {
    /// Options the tests vary: each choice by whether its flag is set.
    pub(crate) fn varied(hearts_special: bool, pooled: bool, long_run_ten: bool) -> Self {
        TressetteOptions {
            hearts_special,
            card_points: if pooled {
                CardPoints::Pooled
            } else {
                CardPoints::PerTrick
            },
            long_run: if long_run_ten {
                LongRun::Ten
            } else {
                LongRun::Seven
            },
        }
    }
}

/// A declaration's kind.
pub const BABA: u8 = 0;
pub const LONG_RUN: u8 = 1;
pub const TRIPLE: u8 = 2;
/// The kinds' names in the Python engine (`DeclarationKind`), by code.
pub const DECLARATION_KINDS: [&str; 3] = ["baba", "long_run", "triple"];

/// One declared combination: its kind, the cards that show it, its points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declaration {
    pub kind: u8,
    pub cards: CardBits,
    pub points: u8,
}

impl Declaration {
    /// The cards in the order the Python engine lists them: a run strongest first, a
    /// triple by suit.
    pub fn ordered_cards(&self, out: &mut Vec<CardCode>) {
        out.clear();
        if self.kind == TRIPLE {
            out.extend(Cards(self.cards));
            return;
        }
        let suit = (self.cards.trailing_zeros() / 16) as u8;
        for rank in RANKS_STRONGEST_FIRST {
            let card = suit << 4 | rank;
            if self.cards >> card & 1 == 1 {
                out.push(card);
            }
        }
    }
}

/// A seat's declarations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    pub count: u8,
    pub items: [Declaration; MAX_DECLARATIONS],
}

impl Declarations {
    pub fn as_slice(&self) -> &[Declaration] {
        &self.items[..self.count as usize]
    }

    fn push(&mut self, declaration: Declaration) {
        self.items[self.count as usize] = declaration;
        self.count += 1;
    }

    pub fn points(&self) -> i64 {
        self.as_slice().iter().map(|d| d.points as i64).sum()
    }

    /// These declarations of `seat` as the Python engine shows them.
    pub fn shown(&self, seat: u8) -> Vec<ShownDeclaration> {
        self.as_slice()
            .iter()
            .map(|declaration| {
                let mut cards = Vec::new();
                declaration.ordered_cards(&mut cards);
                ShownDeclaration {
                    seat,
                    kind: declaration.kind,
                    cards,
                    points: declaration.points,
                }
            })
            .collect()
    }
}

/// A declaration as the Python engine holds it (`declarations.Declaration`): its seat, its
/// kind (serialized by name), its cards in the engine's order, its points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownDeclaration {
    pub seat: u8,
    #[serde(with = "kind_name")]
    pub kind: u8,
    pub cards: Vec<CardCode>,
    pub points: u8,
}

impl ShownDeclaration {
    /// The declaration shown.
    pub fn declaration(&self) -> Declaration {
        Declaration {
            kind: self.kind,
            cards: self
                .cards
                .iter()
                .fold(0, |set, &card| set | 1 << (card & 63)),
            points: self.points,
        }
    }
}

/// A declaration's kind as its name (`DECLARATION_KINDS`).
mod kind_name {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use super::DECLARATION_KINDS;

    pub fn serialize<S: Serializer>(kind: &u8, serializer: S) -> Result<S::Ok, S::Error> {
        let name = DECLARATION_KINDS
            .get(*kind as usize)
            .ok_or_else(|| serde::ser::Error::custom(format!("no declaration kind {kind}")))?;
        serializer.serialize_str(name)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
        let name = String::deserialize(deserializer)?;
        DECLARATION_KINDS
            .iter()
            .position(|&kind| kind == name)
            .map(|code| code as u8)
            .ok_or_else(|| D::Error::custom(format!("no declaration kind {name:?}")))
    }
}

/// Every seat's declarations as the Python engine's tuple per seat (of [`ShownDeclaration`]).
pub fn shown_by_seat(declarations: &[Declarations; 4]) -> Vec<Vec<ShownDeclaration>> {
    (0..4u8)
        .map(|seat| declarations[seat as usize].shown(seat))
        .collect()
}

fn serialize_by_seat<S: Serializer>(
    declarations: &[Declarations; 4],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    shown_by_seat(declarations).serialize(serializer)
}

fn deserialize_by_seat<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<[Declarations; 4], D::Error> {
    let shown = Vec::<Vec<ShownDeclaration>>::deserialize(deserializer)?;
    let mut by_seat = [Declarations::default(); 4];
    for (found, items) in by_seat.iter_mut().zip(&shown) {
        for item in items.iter().take(MAX_DECLARATIONS) {
            found.push(item.declaration());
        }
    }
    Ok(by_seat)
}

fn lane(hand: CardBits, suit: u8) -> u32 {
    (hand >> (16 * suit as u32) & 0x1FFF) as u32
}

/// Every combination in an initial hand (T-7..T-11): Бабы by suit, then triples strongest
/// rank first (`declarations.declarations_of`).
pub fn declarations_of(hand: CardBits, options: &TressetteOptions) -> Declarations {
    let mut found = Declarations::default();
    for suit in 0..4u8 {
        let lane = lane(hand, suit);
        if lane & BABA_LANE != BABA_LANE {
            continue;
        }
        let mut run: CardBits = 0;
        for rank in [THREE, TWO, ACE] {
            run |= 1 << rank;
        }
        let mut length = 3;
        for face in [KING, QUEEN, JACK] {
            // T-8
            if lane >> face & 1 == 0 {
                break;
            }
            run |= 1 << face;
            length += 1;
        }
        let tail: &[u8] = if options.long_run == LongRun::Ten {
            &[SEVEN, SIX, FIVE, FOUR]
        } else {
            &[SEVEN]
        };
        let shift = 16 * suit as u32;
        if length == 6 && tail.iter().all(|&r| lane >> r & 1 == 1) {
            for &rank in tail {
                run |= 1 << rank;
            }
            found.push(Declaration {
                kind: LONG_RUN,
                cards: run << shift,
                points: 16,
            }); // T-9
        } else {
            let base = if options.hearts_special && suit == 1 {
                5
            } else {
                3
            }; // T-7
            found.push(Declaration {
                kind: BABA,
                cards: run << shift,
                points: base + length - 3,
            });
        }
    }
    for rank in RANKS_STRONGEST_FIRST {
        // T-10; T-11: a triple sharing a Баба card counts too
        let cards = hand & (0x0001_0001_0001_0001u64 << rank);
        if cards.count_ones() >= 3 {
            let points = match rank {
                SEVEN => 4,
                THREE | TWO | ACE => 3,
                _ => 1,
            };
            found.push(Declaration {
                kind: TRIPLE,
                cards,
                points,
            });
        }
    }
    found
}

/// One game of the group (`state.WonGame`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WonGame {
    pub winner: u8,
    pub value: i64,
    pub deal: u32,
}

/// One line of the score sheet (`state.DealSummary`, its declarations as
/// [`ShownDeclaration`]s).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TressetteLine {
    pub deal: u32,
    pub dealer: u8,
    #[serde(
        serialize_with = "serialize_by_seat",
        deserialize_with = "deserialize_by_seat"
    )]
    pub declarations: [Declarations; 4],
    pub tricks: [u8; 4],
    pub declared: [i64; 2],
    pub card_points: [i64; 2],
    pub bonuses: [i64; 2],
    pub scores: [i64; 2],
    /// The games won during this deal.
    pub games: Vec<WonGame>,
    pub points_after: [i64; 2],
}

/// A finished deal as a record keeps it: its dealer and its card play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TressetteRecord {
    dealer: u8,
    card_play: CardPlay<10>,
}

impl TressetteRecord {
    /// Who dealt the deal.
    #[inline]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The deal's card play: each hand as dealt, every card played, the tricks taken.
    #[inline]
    pub fn card_play(&self) -> &CardPlay<10> {
        &self.card_play
    }

    /// The deal as a record keeps it, the hands of the `seats` that play (`size` cards
    /// each): its decisions are the cards of its plays.
    pub fn record(&self, seats: usize, size: usize) -> crate::games::DealRecord {
        let actions = self.card_play.played_cards().collect();
        let dealt = &self.card_play.dealt()[..seats];
        crate::games::DealRecord::new(self.dealer, dealt, size, actions)
    }
}

/// Why points were scored (`PointsScored.reason`).
pub const REASONS: [&str; 4] = ["declarations", "cards", "nine_tricks", "all_tricks"];

/// Why points were scored, by name.
fn reason_name<S: Serializer>(reason: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(REASONS[*reason as usize])
}

/// What happened, for the checked path; serialized with its kind as the Python engine's
/// event is made from it (`koloda.core.events`, `koloda.games.tressette.events`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind")]
pub enum TressetteEvent {
    #[serde(rename = "card")]
    CardPlayed { seat: u8, card: CardCode },
    #[serde(rename = "trick")]
    TrickTaken { seat: u8, cards: [CardCode; 4] },
    /// The seat's declarations are read from the state.
    #[serde(rename = "declared")]
    Declared { seat: u8 },
    #[serde(rename = "points")]
    PointsScored {
        side: u8,
        points: i64,
        /// An index into [`REASONS`].
        #[serde(serialize_with = "reason_name")]
        reason: u8,
        /// Both sides' points toward the game afterwards.
        #[serde(rename = "game_points")]
        after: [i64; 2],
    },
    #[serde(rename = "won")]
    GameWon {
        side: u8,
        value: i64,
        deal: u32,
        game: u8,
        carry: i64,
    },
    #[serde(rename = "scored")]
    DealScored { deal: u32, scores: [i64; 2] },
    #[serde(rename = "over")]
    GameOver {
        #[serde(rename = "totals")]
        outcome: [f64; 4],
        winners: Vec<u8>,
    },
}

/// A group of Tressette in progress (`state.TressetteState`).
#[derive(Clone, Debug)]
pub struct Tressette {
    options: TressetteOptions,
    phase: Phase,
    to_act: Option<Seat>,
    deals: Deals<TressetteRecord, TressetteLine>,
    leader: u8,
    card_play: CardPlay<10>,
    hands: [CardSet; 4],
    taken: [CardSet; 4],
    declarations: [Declarations; 4],
    points: [i64; 2],
    deal_points: [i64; 2],
    deal_declared: [i64; 2],
    deal_bonus: [i64; 2],
    games: [WonGame; GAMES_PER_GROUP],
    games_len: u8,
    totals: [i64; 2],
    settled_points: [i64; 2],
    settled_games: u8,
}

impl Tressette {
    /// A new group awaiting its first deal (`first_dealer` must be a seat 0..3).
    pub fn new(options: TressetteOptions, first_dealer: u8) -> Self {
        Tressette {
            options,
            phase: Phase::AwaitDeal,
            to_act: None,
            deals: Deals::new(first_dealer),
            leader: (first_dealer + 1) & 3,
            card_play: CardPlay::default(),
            hands: [CardSet::EMPTY; 4],
            taken: [CardSet::EMPTY; 4],
            declarations: [Declarations::default(); 4],
            points: [0; 2],
            deal_points: [0; 2],
            deal_declared: [0; 2],
            deal_bonus: [0; 2],
            games: [WonGame::default(); GAMES_PER_GROUP],
            games_len: 0,
            totals: [0; 2],
            settled_points: [0; 2],
            settled_games: 0,
        }
    }

    crate::games::state_accessors! {
        options: TressetteOptions,
        hands: [CardSet; 4],
        totals: 2,
        completed: TressetteRecord,
        sheet: TressetteLine,
    }

    /// How many seats play (four, in two partnerships).
    #[inline]
    pub fn n(&self) -> u8 {
        4
    }

    /// The seat to play, or None between deals and after the group.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    crate::games::getters! {
        /// Who leads the deal's first trick, the dealer's left (T-4).
        leader: u8;
        /// The cards of the tricks each seat has taken this deal (T-5), by seat.
        taken: &[CardSet; 4];
        /// What each seat declared from its hand this deal (T-7..T-11), by seat.
        declarations: &[Declarations; 4];
        /// Each side's points toward the game in progress (T-15), by side.
        points: &[i64; 2];
        /// Each side's points scored this deal, by side.
        deal_points: &[i64; 2];
        /// Each side's points declared this deal (T-7..T-11), by side.
        deal_declared: &[i64; 2];
        /// Each side's trick bonuses this deal (T-13, T-14), by side.
        deal_bonus: &[i64; 2];
    }

    /// The games of the group won so far (T-16, T-18).
    #[inline]
    pub fn games(&self) -> &[WonGame] {
        &self.games[..self.games_len as usize]
    }

    crate::games::getters! {
        /// Each side's points toward the game as the last deal ended, by side.
        settled_points: &[i64; 2];
        /// How many games had been won when the last deal ended.
        settled_games: u8;
    }

    /// Puts the group in `position` (a state of the Python engine); the options, the first
    /// dealer and the finished deals' records stay. A position that does not fit the table
    /// (four seats, hands of ten, three games, over exactly in its phase `Over`) is an error
    /// and changes nothing.
    pub fn restore(&mut self, position: TressettePosition) -> Result<(), String> {
        let card_play = CardPlay::from_position(4, 10, &position.dealt, &position.card_play)?;
        let fits = position.dealer < 4
            && position.is_over == (position.phase == Phase::Over)
            && position.leader < 4
            && position.to_act.is_none_or(|seat| seat.index() < 4)
            && position.declarations.len() == 4
            && position
                .declarations
                .iter()
                .enumerate()
                .all(|(seat, found)| {
                    found.len() <= MAX_DECLARATIONS
                        && found.iter().all(|shown| usize::from(shown.seat) == seat)
                })
            && position.games.len() <= GAMES_PER_GROUP
            && position.games.iter().all(|game| game.winner < 2)
            && usize::from(position.settled_games) <= GAMES_PER_GROUP;
        if !fits {
            return Err("the position does not fit this table".into());
        }
        self.phase = position.phase;
        self.to_act = position.to_act;
        self.deals
            .restore(position.deal_number, position.dealer, position.sheet);
        self.leader = position.leader;
        self.card_play = card_play;
        self.hands = position.hands.map(CardSet::from_bits);
        self.taken = position.taken.map(CardSet::from_bits);
        for (found, shown) in self.declarations.iter_mut().zip(&position.declarations) {
            *found = Declarations::default();
            for item in shown {
                found.push(item.declaration());
            }
        }
        self.points = position.points;
        self.deal_points = position.deal_points;
        self.deal_declared = position.deal_declared;
        self.deal_bonus = position.deal_bonus;
        self.games_len = position.games.len() as u8;
        self.games[..position.games.len()].copy_from_slice(&position.games);
        self.totals = position.totals;
        self.settled_points = position.settled_points;
        self.settled_games = position.settled_games;
        Ok(())
    }

    /// The position the group is in (what [`Tressette::restore`] takes).
    pub fn position(&self) -> TressettePosition {
        TressettePosition {
            phase: self.phase,
            to_act: self.to_act,
            is_over: self.is_over(),
            deal_number: self.deal_number(),
            dealer: self.dealer(),
            leader: self.leader,
            dealt: crate::games::Recorded::dealt_in_deal(self),
            hands: self.hands.map(CardSet::bits),
            taken: self.taken.map(CardSet::bits),
            declarations: shown_by_seat(&self.declarations),
            card_play: self.card_play.position(4),
            points: self.points,
            deal_points: self.deal_points,
            deal_declared: self.deal_declared,
            deal_bonus: self.deal_bonus,
            games: self.games().to_vec(),
            totals: self.totals,
            settled_points: self.settled_points,
            settled_games: self.settled_games,
            sheet: self.sheet().to_vec(),
        }
    }

    /// Sets each side's points toward the game in progress.
    #[cfg(test)]
    pub(super) fn set_points(&mut self, points: [i64; 2]) {
        self.points = points;
    }

    /// Sets the games of the group won so far (three at the most).
    #[cfg(test)]
    pub(super) fn set_games(&mut self, games: &[WonGame]) {
        self.games[..games.len()].copy_from_slice(games);
        self.games_len = games.len() as u8;
    }

    /// Why `action`, in a deal and not legal, is illegal (T-5): what `check` gives then.
    fn illegal(&self, action: i64) -> IllegalMove {
        if !(0..64).contains(&action) {
            return IllegalMove::CardDue;
        }
        let seat = self.to_act.map_or(u8::MAX, Seat::index);
        if !self
            .hand(Seat::new(seat))
            .contains(Card::from_code(action as u8))
        {
            let card = action as CardCode;
            return IllegalMove::NotInHand { card, seat };
        }
        IllegalMove::MustFollow {
            suit: self.card_play.lead_suit_code(),
            rule: "T-5",
        }
    }

    /// Whether `action` is legal now (a card of `legal_card_mask`).
    #[inline]
    pub fn is_legal(&self, action: i64) -> bool {
        (0..64).contains(&action) && self.legal_card_mask() >> action & 1 == 1
    }

    /// The legal cards, lowest code first (T-5).
    pub fn legal_codes(&self) -> Vec<u32> {
        Cards(self.legal_card_mask()).map(u32::from).collect()
    }

    /// T-5: follow the led suit if able, else any card; any card to lead.
    #[inline]
    pub fn legal_card_mask(&self) -> CardBits {
        let Some(seat) = self.to_act else {
            return 0;
        };
        if self.phase != Phase::Play {
            return 0;
        }
        let hand = self.hands[seat.at()].bits();
        if self.card_play.trick_count() > 0 {
            let follow = hand & suit_mask(self.card_play.lead_suit_code());
            if follow != 0 {
                return follow;
            }
        }
        hand
    }

    /// A uniformly random legal card (the batch path's random player).
    pub fn random_action(&self, rng: &mut Rng) -> u32 {
        rng.card(self.legal_card_mask()).into()
    }

    #[inline]
    fn power(&self, card: CardCode, lead: u8) -> u32 {
        let strength = strength(card & 15);
        if self.options.hearts_special && TRUMP_HEARTS >> card & 1 == 1 {
            100 + strength
        } else if card >> 4 == lead {
            strength
        } else {
            0
        }
    }

    /// A card (the only decision): returns true when it finished a deal and the group goes
    /// on.
    pub fn step<E: EventSink<TressetteEvent>>(&mut self, action: u32, events: &mut E) -> bool {
        let card = action as CardCode;
        let seat = self
            .to_act
            .expect("a card is played by the seat to act")
            .index();
        if E::ON {
            events.push(TressetteEvent::CardPlayed { seat, card });
        }
        self.hands[seat as usize].remove(Card::from_code(card));
        if !self.card_play.play(seat, card, 4) {
            self.to_act = Some(Seat::new(seat).next(4));
            return false;
        }
        let trick = self.card_play.completed_trick(4);
        let mask = trick
            .iter()
            .fold(0, |mask, &play| mask | 1u64 << (play & 63));
        let winner = trick[best_play(trick, |card, lead| self.power(card, lead)).0] >> 6;
        self.card_play.take_trick(winner);
        self.to_act = Some(Seat::new(winner));
        self.taken[winner as usize] |= CardSet::from_bits(mask); // T-5: each player keeps his own tricks
        if E::ON {
            let mut cards = [0u8; 4];
            for (slot, &play) in cards.iter_mut().zip(self.card_play.completed_trick(4)) {
                *slot = play & 63;
            }
            events.push(TressetteEvent::TrickTaken {
                seat: winner,
                cards,
            });
        }
        if self.options.card_points == CardPoints::PerTrick && (mask & COUNTING).count_ones() >= 3 {
            self.score(winner & 1, 1, true, 1, events); // T-12 per trick
        }
        if self.card_play.tricks_played() == NUM_TRICKS {
            return self.finish_deal(events);
        }
        false
    }

    /// Adds points the moment they are earned (T-15); a side reaching 21 wins a game.
    fn score<E: EventSink<TressetteEvent>>(
        &mut self,
        side: u8,
        points: i64,
        from_play: bool,
        reason: u8,
        events: &mut E,
    ) {
        let s = side as usize;
        self.deal_points[s] += points;
        let total = self.points[s] + points;
        let won = total >= GAME_POINTS && (self.games_len as usize) < GAMES_PER_GROUP;
        if E::ON {
            let mut after = self.points;
            after[s] = total;
            events.push(TressetteEvent::PointsScored {
                side,
                points,
                reason,
                after,
            });
        }
        if !won {
            self.points[s] = total;
            return;
        }
        let value = GAME_POINTS
            * if self.points[1 - s] < DOUBLE_BELOW {
                2
            } else {
                1
            }; // T-16
        self.games[self.games_len as usize] = WonGame {
            winner: side,
            value,
            deal: self.deal_number(),
        };
        self.games_len += 1;
        self.totals[s] += value;
        let carry = if from_play { total - GAME_POINTS } else { 0 }; // T-17
        self.points[s] = carry;
        self.points[1 - s] = 0;
        if E::ON {
            events.push(TressetteEvent::GameWon {
                side,
                value,
                deal: self.deal_number(),
                game: self.games_len - 1,
                carry,
            });
        }
    }

    /// How many cards each hand is dealt (T-4).
    #[inline]
    pub fn hand_size(&self) -> usize {
        usize::from(NUM_TRICKS)
    }

    /// Starts the next deal from these hands, each in dealt order (checked by the caller);
    /// the declarations are scored at once, from the leader round (T-15).
    pub fn deal<E: EventSink<TressetteEvent>>(
        &mut self,
        hands: &[[CardCode; 10]; 4],
        events: &mut E,
    ) {
        self.card_play.deal(hands);
        for (mask, hand) in self.hands.iter_mut().zip(hands) {
            *mask = hand.iter().map(|&card| Card::from_code(card)).collect();
        }
        let leader = (self.dealer() + 1) & 3; // T-4
        self.leader = leader;
        self.card_play.set_leader(Seat::new(leader));
        self.taken = [CardSet::EMPTY; 4];
        self.deal_points = [0; 2];
        self.deal_bonus = [0; 2];
        self.to_act = Some(Seat::new(leader));
        self.phase = Phase::Play;
        for seat in 0..4 {
            self.declarations[seat] = declarations_of(self.hands[seat].bits(), &self.options);
        }
        let mut declared = [0i64; 2];
        for offset in 0..4u8 {
            let seat = (leader + offset) & 3;
            let found = self.declarations[seat as usize];
            if found.count == 0 {
                continue;
            }
            let points = found.points();
            declared[(seat & 1) as usize] += points;
            if E::ON {
                events.push(TressetteEvent::Declared { seat });
            }
            self.score(seat & 1, points, false, 0, events);
        }
        self.deal_declared = declared;
    }

    /// Deals a random deal (the batch path).
    pub fn deal_random<E: EventSink<TressetteEvent>>(&mut self, rng: &mut Rng, events: &mut E) {
        let mut deck = [0u8; 40];
        for (slot, card) in deck.iter_mut().zip(Cards(DECK_40)) {
            *slot = card;
        }
        rng.shuffle(&mut deck);
        let mut hands = [[0u8; 10]; 4];
        for (seat, hand) in hands.iter_mut().enumerate() {
            hand.copy_from_slice(&deck[seat * 10..seat * 10 + 10]);
        }
        self.deal(&hands, events);
    }

    /// The decisions of the deal in progress, in order (the record's actions): its cards.
    pub fn current_actions(&self) -> impl Iterator<Item = u32> + '_ {
        self.card_play.played_cards()
    }

    fn finish_deal<E: EventSink<TressetteEvent>>(&mut self, events: &mut E) -> bool {
        let first_side = (self.leader & 1) as usize;
        let sides = [first_side, 1 - first_side];
        if self.options.card_points == CardPoints::Pooled {
            // T-12 pooled, the leader's side first
            for side in sides {
                let cards = (self.taken[side] | self.taken[side + 2]).bits() & COUNTING;
                let points = (cards.count_ones() / 3) as i64;
                if points > 0 {
                    self.score(side as u8, points, true, 1, events);
                }
            }
        }
        let tricks = *self.card_play.tricks();
        for (seat, &taken) in tricks.iter().enumerate() {
            if taken >= 9 {
                // T-13
                self.deal_bonus[seat & 1] += NINE_TRICKS_BONUS;
                self.score((seat & 1) as u8, NINE_TRICKS_BONUS, true, 2, events);
            }
        }
        for side in sides {
            if tricks[side] + tricks[side + 2] == NUM_TRICKS {
                // T-14
                self.deal_bonus[side] += ALL_TRICKS_BONUS;
                self.score(side as u8, ALL_TRICKS_BONUS, true, 3, events);
            }
        }
        let scores = self.deal_points;
        let (declared, bonus) = (self.deal_declared, self.deal_bonus);
        let record = TressetteRecord {
            dealer: self.dealer(),
            card_play: self.card_play.clone(),
        };
        let line = TressetteLine {
            deal: self.deal_number(),
            dealer: self.dealer(),
            declarations: self.declarations,
            tricks,
            declared,
            card_points: [
                scores[0] - declared[0] - bonus[0],
                scores[1] - declared[1] - bonus[1],
            ],
            bonuses: bonus,
            scores,
            games: self.games[self.settled_games as usize..self.games_len as usize].to_vec(),
            points_after: self.points,
        };
        if E::ON {
            events.push(TressetteEvent::DealScored {
                deal: self.deal_number(),
                scores,
            });
        }
        self.settled_points = self.points;
        self.settled_games = self.games_len;
        let next_dealer = (self.dealer() + 1) & 3; // T-4: the deal passes to the left
        self.deals.finish(record, line, next_dealer);
        self.leader = (next_dealer + 1) & 3;
        self.to_act = None;
        if self.games_len as usize >= GAMES_PER_GROUP {
            // T-17, T-18: the group ends with its deal
            self.phase = Phase::Over;
            if E::ON {
                let outcome = self.outcome();
                let best = outcome.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let winners = (0..4u8)
                    .filter(|&seat| outcome[seat as usize] == best)
                    .collect();
                events.push(TressetteEvent::GameOver { outcome, winners });
            }
            return false;
        }
        self.phase = Phase::AwaitDeal;
        true
    }

    /// Each player's half of his side's games (T-18).
    pub fn outcome(&self) -> [f64; 4] {
        let (a, b) = (self.totals[0] as f64 / 2.0, self.totals[1] as f64 / 2.0);
        [a, b, a, b]
    }
}

crate::games::impl_game!(Tressette {
    view: super::view::TressetteView,
    line: TressetteLine,
    position: TressettePosition,
    over: "group",
    dealt: TressetteEvent,
    deal_events: &mut (),
});
crate::games::impl_recorded!(Tressette, 10, deal_events);

impl crate::games::Setup for Tressette {
    type Options = TressetteOptions;
    fn setup(options: TressetteOptions, first_dealer: u8) -> Result<Tressette, String> {
        Ok(Tressette::new(options, first_dealer % 4))
    }
}

/// `games` whole groups of random play, deals from `seed`, all in Rust.
/// With `deal_limit` (0: none) a game stops after that many deals if it has not ended. The
/// total points are each side's final total.
pub fn playouts(
    options: TressetteOptions,
    games: u64,
    seed: u64,
    deal_limit: u32,
) -> Playouts<i64> {
    let new = |dealer| Tressette::new(options, dealer);
    random_playouts((games, seed, deal_limit), (4, 2), new, |state, result| {
        result.add_totals(state.totals);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(cards: &[(u8, u8)]) -> CardBits {
        cards
            .iter()
            .fold(0, |set, &(rank, suit)| set | 1u64 << (suit << 4 | rank))
    }

    #[test]
    fn declarations_follow_t7_to_t11() {
        let options = TressetteOptions::default();
        // rule: T-7, T-8 a hearts Баба with K Q, and three sevens (T-10)
        let cards = hand(&[
            (THREE, 1),
            (TWO, 1),
            (ACE, 1),
            (KING, 1),
            (QUEEN, 1),
            (SEVEN, 0),
            (SEVEN, 2),
            (SEVEN, 3),
        ]);
        let found = declarations_of(cards, &options);
        assert_eq!(found.count, 2);
        assert_eq!((found.items[0].kind, found.items[0].points), (BABA, 7));
        assert_eq!((found.items[1].kind, found.items[1].points), (TRIPLE, 4));
        let mut ordered = Vec::new();
        found.items[0].ordered_cards(&mut ordered);
        assert_eq!(ordered, vec![17, 16, 28, 27, 26]);
        // rule: T-9 the flat 16
        let run = hand(&[
            (THREE, 0),
            (TWO, 0),
            (ACE, 0),
            (KING, 0),
            (QUEEN, 0),
            (JACK, 0),
            (SEVEN, 0),
        ]);
        let found = declarations_of(run, &options);
        assert_eq!((found.items[0].kind, found.items[0].points), (LONG_RUN, 16));
        assert_eq!(strength(THREE), 10);
        assert_eq!(strength(FOUR), 1);
    }

    /// A group in its second deal, five cards into it (its first deal on the sheet).
    fn mid_deal() -> Tressette {
        let mut rng = Rng::new(11);
        let mut game = Tressette::new(TressetteOptions::default(), 2);
        game.deal_random(&mut rng, &mut ());
        while !game.step(game.random_action(&mut rng), &mut ()) {}
        game.deal_random(&mut rng, &mut ());
        for _ in 0..5 {
            game.step(game.random_action(&mut rng), &mut ());
        }
        game
    }

    #[test]
    fn a_position_round_trips_in_the_middle_of_a_deal() {
        let game = mid_deal();
        let position = game.position();
        assert_eq!(
            (position.deal_number, position.card_play.plays.len()),
            (1, 5)
        );
        assert_eq!(position.dealt.len(), 4);
        assert_eq!(position.sheet.len(), 1);
        let mut copy = Tressette::new(TressetteOptions::default(), 2);
        copy.restore(position.clone())
            .expect("a position of this table");
        assert_eq!(copy.position(), position);
        assert_eq!(copy.legal_card_mask(), game.legal_card_mask());
        let (mut a, mut b) = (game.clone(), copy);
        let mut rng = Rng::new(5);
        while a.in_deal() {
            let action = a.random_action(&mut rng);
            assert_eq!(a.step(action, &mut ()), b.step(action, &mut ()));
        }
        assert_eq!(a.position(), b.position());
    }

    #[test]
    fn a_position_for_another_table_is_refused_and_changes_nothing() {
        let game = mid_deal();
        let before = game.position();
        let wrong: [fn(&mut TressettePosition); 7] = [
            |p| p.dealer = 4,
            |p| p.is_over = true, // over in the middle of a deal
            |p| {
                p.dealt[1].pop();
            },
            |p| p.dealt.truncate(3),
            |p| p.declarations.truncate(3),
            |p| p.to_act = Some(Seat::new(5)),
            |p| {
                let third = p.games.first().copied().unwrap_or_default();
                p.games = vec![third; 4];
            },
        ];
        for spoil in wrong {
            let mut position = before.clone();
            spoil(&mut position);
            let mut target = game.clone();
            assert!(target.restore(position).is_err());
            assert_eq!(target.position(), before);
        }
        let mut target = game.clone();
        let short = vec![vec![0; 9]; 4];
        assert!(crate::games::Recorded::deal_hands(&mut target, &short, &mut Vec::new()).is_err());
        assert_eq!(target.position(), before);
    }

    #[test]
    fn random_groups_end_after_three_games() {
        for seed in 0..20u64 {
            let options = TressetteOptions::varied(seed % 2 == 0, seed % 3 == 0, seed % 4 == 1);
            let result = playouts(options, 3, seed, 0);
            assert_eq!(result.games, 3);
            assert!(result.deals >= 3);
            assert!(result.total_points[0] + result.total_points[1] >= 3 * 63);
        }
    }
}
