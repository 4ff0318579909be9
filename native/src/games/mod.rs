//! The games, one folder each with the same files: `rules` (the state machine, its fields
//! its own, read through accessors), `position` (the plain description of a position that
//! the state is restored from), `policy` (its heuristic player and what the search needs of
//! it) and `vector` (its observation encoder for the vector environment), and the [`Game`]
//! trait they all implement.

use crate::core::cards::CardCode;
use crate::core::illegal::IllegalMove;
use crate::core::rng::Rng;
use crate::core::tricks::CardPlay;
use crate::core::Seat;
use std::sync::Arc;

pub mod hundred_one;
pub mod king;
pub mod spades;
pub mod tressette;

/// The accessors every game's state has alike, inside its `impl` (over its fields of the
/// same names, its deals' bookkeeping in `deals`, a [`Deals`] of its records and lines):
/// its options (where it keeps them as `options`), phase (whether the game is over and
/// whether a deal is being played, from its `Phase::Over` and `Phase::AwaitDeal`), dealers,
/// number of deals, hands, totals, finished deals and score sheet.
macro_rules! state_accessors {
    (
        $(options: $options:ty,)?
        hands: [$set:ty; $seats:expr],
        totals: $totals:expr,
        completed: $record:ty,
        sheet: $line:ty $(,)?
    ) => {
        $(
            /// The agreed rules.
            #[inline]
            pub fn options(&self) -> &$options {
                &self.options
            }
        )?

        /// Where the game stands.
        #[inline]
        pub fn phase(&self) -> Phase {
            self.phase
        }

        /// The game (Tressette's group of games) has ended.
        #[inline]
        pub fn is_over(&self) -> bool {
            self.phase == Phase::Over
        }

        /// A deal is being played (every phase but "between deals" and "over").
        #[inline]
        pub fn in_deal(&self) -> bool {
            self.phase != Phase::AwaitDeal && self.phase != Phase::Over
        }

        /// The dealer of the game's first deal.
        #[inline]
        pub fn first_dealer(&self) -> u8 {
            self.deals.first_dealer()
        }

        /// The dealer of the deal in progress (between deals: of the next one).
        #[inline]
        pub fn dealer(&self) -> u8 {
            self.deals.dealer()
        }

        /// How many deals have been played.
        #[inline]
        pub fn deal_number(&self) -> u32 {
            self.deals.deal_number()
        }

        /// Where the game stands, as its view shows it.
        #[inline]
        pub fn standing(&self) -> $crate::games::Standing<Phase> {
            $crate::games::Standing {
                phase: self.phase,
                deal: self.deals.deal_number(),
                dealer: self.deals.dealer(),
            }
        }

        /// The cards each seat holds, by seat (empty past the seats that play).
        #[inline]
        pub fn hands(&self) -> &[$set; $seats] {
            &self.hands
        }

        /// The cards a seat holds.
        #[inline]
        pub fn hand(&self, seat: $crate::core::Seat) -> $set {
            self.hands[seat.at()]
        }

        /// Gives a seat these cards (a deal's hidden cards sampled anew, keeping its counts).
        #[inline]
        pub fn set_hand(&mut self, seat: $crate::core::Seat, cards: $set) {
            self.hands[seat.at()] = cards;
        }

        /// Each seat's (or side's) running total (0 past the seats that play).
        #[inline]
        pub fn totals(&self) -> &[i64; $totals] {
            &self.totals
        }

        /// The finished deals, as a record keeps them.
        #[inline]
        pub fn completed(&self) -> &[$record] {
            self.deals.completed()
        }

        /// The score sheet: one line per finished deal.
        #[inline]
        pub fn sheet(&self) -> &[$line] {
            self.deals.sheet()
        }
    };
}

/// [`Game`], [`Described`] and [`Positioned`] for a game's state from its own methods of the
/// same names: `n` (the number of seats), `to_act`, `is_over`, `in_deal`, `legal_codes`, `is_legal`,
/// `outcome` (by seat, cut to the seats that play), `view`, `sheet`, `position` and
/// `restore`; and its `check`: none is legal once it is over (`over` says what is: "game"
/// unless given) or between deals, else its `illegal` says why an action that is not legal
/// is not. With `dealt: Event`, also its `apply` (a decision checked, then its
/// `step`) and [`DealtGame`] from `apply`, `step`, `random_action` and `deal_random` (given
/// the generator and the `deal_events` sink, if it takes one).
macro_rules! impl_game {
    (
        $state:ident {
            view: $view:ty,
            line: $line:ty,
            position: $position:ty
            $(, over: $over:literal)?
            $(, dealt: $event:ty $(, deal_events: $sink:expr)?)? $(,)?
        }
    ) => {
        impl $state {
            /// Why `action` is illegal now, with the rule it breaks, or Ok when it is legal:
            /// the Python engine's `illegal_reason`.
            pub fn check(&self, action: i64) -> Result<(), $crate::core::illegal::IllegalMove> {
                match self.phase {
                    Phase::Over => Err($crate::core::illegal::IllegalMove::Over {
                        what: $crate::games::impl_game!(@over $($over)?),
                    }),
                    Phase::AwaitDeal => Err($crate::core::illegal::IllegalMove::BetweenDeals),
                    _ if self.is_legal(action) => Ok(()),
                    _ => Err(self.illegal(action)),
                }
            }
        }

        impl $crate::games::Game for $state {
            fn num_seats(&self) -> usize {
                usize::from($state::n(self))
            }
            fn to_act(&self) -> Option<$crate::core::Seat> {
                $state::to_act(self)
            }
            fn is_over(&self) -> bool {
                $state::is_over(self)
            }
            fn in_deal(&self) -> bool {
                $state::in_deal(self)
            }
            fn legal_codes(&self) -> Vec<u32> {
                $state::legal_codes(self)
            }
            fn is_legal(&self, action: i64) -> bool {
                $state::is_legal(self, action)
            }
            fn check(&self, action: i64) -> Result<(), $crate::core::illegal::IllegalMove> {
                $state::check(self, action)
            }
            fn outcome(&self) -> Vec<f64> {
                $state::outcome(self)[..usize::from($state::n(self))].to_vec()
            }
        }

        impl $crate::games::Described for $state {
            type View = $view;
            type Line = $line;
            fn view(&self, seat: $crate::core::Seat) -> $view {
                $state::view(self, seat)
            }
            fn lines(&self) -> &[$line] {
                $state::sheet(self)
            }
        }

        impl $crate::games::Positioned for $state {
            type Position = $position;
            fn position(&self) -> $position {
                $state::position(self)
            }
            fn restore(&mut self, position: $position) -> Result<(), String> {
                $state::restore(self, position)
            }
        }

        $(
            impl $state {
                /// A decision checked first: why it is illegal (and nothing changes), else
                /// what `step` returns (true when it finished a deal and the game goes on).
                pub fn apply<E: $crate::core::events::EventSink<$event>>(
                    &mut self,
                    action: i64,
                    events: &mut E,
                ) -> Result<bool, $crate::core::illegal::IllegalMove> {
                    self.check(action)?;
                    Ok(self.step(action as u32, events))
                }
            }

            impl $crate::games::DealtGame for $state {
                type Event = $event;
                fn apply(
                    &mut self,
                    action: i64,
                    events: &mut Vec<$event>,
                ) -> Result<bool, $crate::core::illegal::IllegalMove> {
                    $state::apply(self, action, events)
                }
                #[inline]
                fn step_unchecked(&mut self, action: u32) -> bool {
                    $state::step(self, action, &mut ())
                }
                fn random_action(&self, rng: &mut $crate::core::rng::Rng) -> u32 {
                    $state::random_action(self, rng)
                }
                fn deal_random(&mut self, rng: &mut $crate::core::rng::Rng) {
                    $state::deal_random(self, rng $(, $sink)?)
                }
            }
        )?
    };
    (@over) => {
        "game"
    };
    (@over $over:literal) => {
        $over
    };
}

/// [`TrickPlay`](crate::core::tricks::TrickPlay) and [`Recorded`] for a whole-deck trick
/// game's state (King, Spades, Tressette), its hands dealt from fixed arrays of `$hand` cards
/// at the most: from its field `card_play` and its methods `n`, `hand_size`, `dealer`,
/// `deal` (given the deal's events with `deal_events`), `current_actions` and `completed`,
/// whose finished deals each give their `record`.
macro_rules! impl_recorded {
    ($state:ident, $hand:expr $(, $deal_events:ident)?) => {
        impl $crate::core::tricks::TrickPlay<{ $hand }> for $state {
            #[inline]
            fn card_play(&self) -> &$crate::core::tricks::CardPlay<{ $hand }> {
                &self.card_play
            }
        }

        impl $crate::games::Recorded for $state {
            fn deal_hands(
                &mut self,
                hands: &[Vec<$crate::core::cards::CardCode>],
                events: &mut Vec<<Self as $crate::games::DealtGame>::Event>,
            ) -> Result<(), String> {
                let (seats, size) = (usize::from(self.n()), self.hand_size());
                let fixed = $crate::games::fixed_hands::<{ $hand }>(hands, seats, size)?;
                $crate::games::impl_recorded!(@deal self, &fixed, events $(, $deal_events)?);
                Ok(())
            }
            fn current_record(&self) -> $crate::games::DealRecord {
                let (seats, size) = (usize::from(self.n()), self.hand_size());
                let actions = self.current_actions().collect();
                let dealt = &self.card_play.dealt()[..seats];
                $crate::games::DealRecord::new(self.dealer(), dealt, size, actions)
            }
            fn records(&self, start: usize) -> Vec<$crate::games::DealRecord> {
                let (seats, size) = (usize::from(self.n()), self.hand_size());
                let records = self.completed().get(start..).unwrap_or_default();
                records.iter().map(|record| record.record(seats, size)).collect()
            }
        }
    };
    (@deal $game:expr, $hands:expr, $events:ident) => {{
        let _ = $events; // its deal says nothing
        $game.deal($hands)
    }};
    (@deal $game:expr, $hands:expr, $events:ident, deal_events) => {
        $game.deal($hands, $events)
    };
}

/// Accessors of a state's fields, inside its `impl`, each named as its field: `name: &T`
/// lends the field, `name: T` copies it.
macro_rules! getters {
    () => {};
    ($(#[$doc:meta])* $name:ident: &$ty:ty; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(&self) -> &$ty {
            &self.$name
        }

        $crate::games::getters! { $($rest)* }
    };
    ($(#[$doc:meta])* $name:ident: $ty:ty; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(&self) -> $ty {
            self.$name
        }

        $crate::games::getters! { $($rest)* }
    };
}

pub(crate) use getters;
pub(crate) use impl_game;
pub(crate) use impl_recorded;
pub(crate) use state_accessors;

/// The bookkeeping of the deals every game keeps alike: the dealer of its first deal, how
/// many deals have been played and the dealer of the deal in progress (between deals: of
/// the next one), and the finished deals as a record keeps them (`R`) with the score sheet's
/// lines (`L`). Cloning shares the finished deals and the sheet until one of the copies
/// finishes a deal.
///
/// ```
/// use koloda_native::games::Deals;
///
/// let mut deals = Deals::<&str, u32>::new(3);
/// let copy = deals.clone();
/// deals.finish("record", 12, 0);
/// assert_eq!((deals.deal_number(), deals.dealer(), deals.first_dealer()), (1, 0, 3));
/// assert_eq!((deals.completed(), deals.sheet()), (&["record"][..], &[12][..]));
/// assert!(copy.sheet().is_empty() && copy.deal_number() == 0);
/// ```
#[derive(Clone, Debug)]
pub struct Deals<R, L> {
    first_dealer: u8,
    deal_number: u32,
    dealer: u8,
    completed: Arc<Vec<R>>,
    sheet: Arc<Vec<L>>,
}

impl<R: Clone, L: Clone> Deals<R, L> {
    /// No deal played yet, the first to be dealt by `first_dealer`.
    pub fn new(first_dealer: u8) -> Self {
        Deals {
            first_dealer,
            deal_number: 0,
            dealer: first_dealer,
            completed: Arc::new(Vec::new()),
            sheet: Arc::new(Vec::new()),
        }
    }

    getters! {
        /// The dealer of the game's first deal.
        first_dealer: u8;
        /// How many deals have been played.
        deal_number: u32;
        /// The dealer of the deal in progress (between deals: of the next one).
        dealer: u8;
    }

    /// The finished deals, as a record keeps them.
    #[inline]
    pub fn completed(&self) -> &[R] {
        &self.completed
    }

    /// The score sheet: one line per finished deal.
    #[inline]
    pub fn sheet(&self) -> &[L] {
        &self.sheet
    }

    /// Ends the deal in progress: its record and its line kept, the next deal to be dealt
    /// by `next_dealer`.
    pub fn finish(&mut self, record: R, line: L, next_dealer: u8) {
        Arc::make_mut(&mut self.completed).push(record);
        Arc::make_mut(&mut self.sheet).push(line);
        self.dealer = next_dealer;
        self.deal_number += 1;
    }

    /// Puts the deals where a position says they are: `deal_number` played, the next (or
    /// the one in progress) dealt by `dealer`, and this score sheet; the first dealer and
    /// the finished deals' records stay.
    pub fn restore(&mut self, deal_number: u32, dealer: u8, sheet: Vec<L>) {
        self.deal_number = deal_number;
        self.dealer = dealer;
        self.sheet = Arc::new(sheet);
    }

    /// Makes `first_dealer` the dealer of the game's first deal.
    pub fn set_first_dealer(&mut self, first_dealer: u8) {
        self.first_dealer = first_dealer;
    }

    /// Makes these the finished deals' records.
    pub fn set_completed(&mut self, completed: Vec<R>) {
        self.completed = Arc::new(completed);
    }

    /// Sets how many deals have been played.
    #[cfg(test)]
    pub(crate) fn set_deal_number(&mut self, deal_number: u32) {
        self.deal_number = deal_number;
    }

    /// Forgets the finished deals' records and the score sheet (a copy that plays on
    /// without them).
    pub fn forget_finished(&mut self) {
        self.completed = Arc::new(Vec::new());
        self.sheet = Arc::new(Vec::new());
    }
}

/// What every game's state machine answers whatever the game: the seat to act, whether the
/// game is over, whether an action is legal and why not, and the outcome. The Python
/// bindings (`python::bridge`) are written once over it.
///
/// ```
/// use koloda_native::games::king::{King, KingOptions};
/// use koloda_native::games::Game;
///
/// let game = King::new(KingOptions::default(), 0);
/// assert_eq!(Game::to_act(&game), None); // awaiting the first deal
/// assert!(!Game::is_over(&game));
/// assert!(Game::check(&game, 0).is_err());
/// ```
pub trait Game: Clone {
    /// How many seats play.
    fn num_seats(&self) -> usize;
    /// The seat whose decision is due, if any.
    fn to_act(&self) -> Option<Seat>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// Whether a deal is being played (a decision may be due).
    fn in_deal(&self) -> bool;
    /// The legal actions now, lowest code first (none when no decision is due).
    fn legal_codes(&self) -> Vec<u32>;
    /// Whether `action` is legal now (cheaper than [`Game::check`]).
    fn is_legal(&self, action: i64) -> bool;
    /// Why `action` is illegal now, with the rule it breaks, or Ok when it is legal.
    fn check(&self, action: i64) -> Result<(), IllegalMove>;
    /// Each seat's outcome (the final result when over, else the standing).
    fn outcome(&self) -> Vec<f64>;
}

/// What a game describes of itself as plain data (serialized for the bindings and their
/// tests): one seat's view and the score sheet's lines.
///
/// ```
/// use koloda_native::core::Seat;
/// use koloda_native::games::king::{King, KingOptions};
/// use koloda_native::games::Described;
///
/// let game = King::new(KingOptions::default(), 0);
/// let view = game.view(Seat::new(1));
/// assert!(view.hand.is_empty() && view.to_act.is_none()); // no deal yet
/// assert!(game.lines().is_empty());
/// ```
pub trait Described: Game {
    /// What one seat may know.
    type View: serde::Serialize;
    /// One line of the score sheet.
    type Line: serde::Serialize;
    /// What `seat` may know now, and nothing else.
    fn view(&self, seat: Seat) -> Self::View;
    /// The score sheet: one line per finished deal.
    fn lines(&self) -> &[Self::Line];
}

/// A game made from its agreed rules (deserialized from the bindings' plain data) and its
/// first dealer.
///
/// ```
/// use koloda_native::games::king::{King, KingOptions};
/// use koloda_native::games::{Game, Setup};
///
/// let game = King::setup(KingOptions::default(), 5).expect("valid options");
/// assert_eq!(game.dealer(), 1); // the first dealer is taken modulo the seats
/// let mut options = KingOptions::default();
/// options.negative_order = [0, 0, 1, 2, 3, 4, 5]; // not an order of the seven games
/// assert!(King::setup(options, 0).is_err());
/// ```
pub trait Setup: Game + Sized {
    /// The agreed rules.
    type Options: serde::de::DeserializeOwned + Default;
    /// A new game awaiting its first deal by `first_dealer` (modulo the seats), or why
    /// the options cannot be played.
    fn setup(options: Self::Options, first_dealer: u8) -> Result<Self, String>;
}

/// A game put in a position given whole (a state of the Python engine) and read back:
/// `restore(position())` changes nothing.
///
/// ```
/// use koloda_native::core::rng::Rng;
/// use koloda_native::games::king::{King, KingOptions};
/// use koloda_native::games::{DealtGame, Positioned};
///
/// let mut game = King::new(KingOptions::default(), 2);
/// game.deal_random(&mut Rng::new(3));
/// let mut copy = King::new(KingOptions::default(), 2);
/// copy.restore(game.position()).expect("a position of this table");
/// assert_eq!(copy.position(), game.position());
/// ```
pub trait Positioned: Game {
    /// The plain description of a position.
    type Position: serde::Serialize + serde::de::DeserializeOwned;
    /// The position the game is in.
    fn position(&self) -> Self::Position;
    /// Puts the game in `position`; one that does not fit the game's table is an error and
    /// changes nothing.
    fn restore(&mut self, position: Self::Position) -> Result<(), String>;
}

/// A finished deal as a record keeps it (`koloda.core.engine.DealLog`): its dealer, each
/// seat's hand as dealt, and every decision in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DealRecord {
    pub dealer: u8,
    pub dealt: Vec<Vec<CardCode>>,
    pub actions: Vec<u32>,
}

impl DealRecord {
    /// The record of a deal dealt by `dealer`: the first `size` cards of each hand of
    /// `dealt` (in a whole-deck game's fixed arrays) and its decisions.
    pub fn new<const N: usize>(
        dealer: u8,
        dealt: &[[CardCode; N]],
        size: usize,
        actions: Vec<u32>,
    ) -> Self {
        DealRecord {
            dealer,
            dealt: dealt.iter().map(|hand| hand[..size].to_vec()).collect(),
            actions,
        }
    }
}

/// A finished deal as a game that keeps its decisions keeps it (King, Spades): its dealer,
/// each seat's cards as dealt (`N` at the most, in dealt order) and its decisions in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptDeal<const N: usize> {
    dealer: u8,
    dealt: [[CardCode; N]; 4],
    actions: Vec<u32>,
}

impl<const N: usize> KeptDeal<N> {
    pub fn new(dealer: u8, dealt: [[CardCode; N]; 4], actions: Vec<u32>) -> Self {
        KeptDeal {
            dealer,
            dealt,
            actions,
        }
    }

    getters! {
        /// Who dealt the deal.
        dealer: u8;
        /// Each seat's cards as dealt, in dealt order.
        dealt: &[[CardCode; N]; 4];
    }

    /// The deal's decisions in order.
    #[inline]
    pub fn actions(&self) -> &[u32] {
        &self.actions
    }

    /// The deal as a record keeps it: the hands of the `seats` that play, `size` cards each.
    pub fn record(&self, seats: usize, size: usize) -> DealRecord {
        DealRecord::new(
            self.dealer,
            &self.dealt[..seats],
            size,
            self.actions.clone(),
        )
    }
}

/// Where a game stands as every game's view shows it (flattened into the view, in its
/// fields of the same names): its phase (`P`, the game's own), how many deals have been
/// played and the dealer of the deal in progress (between deals: of the next one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Standing<P> {
    pub phase: P,
    pub deal: u32,
    pub dealer: u8,
}

/// A trick game's card play as its view shows it (flattened into the view, in its fields of
/// the same names): every play as `(seat, card)` in play order, the trick's leader, the
/// trick in progress and each seat's tricks won (`W`: by seat as the game's view has them);
/// none between deals.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TrickView<W> {
    /// Every card of the deal with its player, in play order.
    pub plays: Vec<(u8, CardCode)>,
    pub trick_leader: Option<Seat>,
    pub trick: Vec<(u8, CardCode)>,
    pub tricks_won: W,
}

impl TrickView<[u8; 4]> {
    /// `play` as a view shows it while a deal is played (`in_deal`), else nothing.
    pub fn new<const HAND: usize>(play: &CardPlay<HAND>, in_deal: bool) -> Self {
        if !in_deal {
            return TrickView {
                plays: Vec::new(),
                trick_leader: None,
                trick: Vec::new(),
                tricks_won: [0; 4],
            };
        }
        let plays: Vec<(u8, CardCode)> = play.plays().iter().map(|&p| (p >> 6, p & 63)).collect();
        let trick = plays[plays.len() - usize::from(play.trick_count())..].to_vec();
        TrickView {
            plays,
            trick_leader: play.trick_leader(),
            trick,
            tricks_won: *play.tricks(),
        }
    }
}

/// `hands` (one a seat, `seats` of them, each of `size` cards in dealt order) in the fixed
/// array a whole-deck game deals from (its hands `N` cards long at the most), or why not.
///
/// ```
/// use koloda_native::games::fixed_hands;
///
/// let hands = vec![vec![1, 2], vec![3, 4]];
/// assert_eq!(fixed_hands::<3>(&hands, 2, 2), Ok([[1, 2, 0], [3, 4, 0], [0; 3], [0; 3]]));
/// assert!(fixed_hands::<3>(&hands, 3, 2).is_err());
/// ```
pub fn fixed_hands<const N: usize>(
    hands: &[Vec<CardCode>],
    seats: usize,
    size: usize,
) -> Result<[[CardCode; N]; 4], String> {
    if hands.len() != seats || size > N || hands.iter().any(|hand| hand.len() != size) {
        return Err("hands of the wrong size".into());
    }
    let mut fixed = [[0; N]; 4];
    for (slot, hand) in fixed.iter_mut().zip(hands) {
        slot[..size].copy_from_slice(hand);
    }
    Ok(fixed)
}

/// What a seat's view shows of the cards (for tests): its own cards, every seat's hand
/// size, and how many legal actions it sees.
#[cfg(test)]
pub(crate) struct ShownCards {
    pub hand: Vec<CardCode>,
    pub hand_sizes: Vec<u32>,
    pub legal: usize,
}

/// Checks every seat's view of `game` (for tests): the cards it shows are the seat's own
/// hand (`hand` of the seat) and no card of another seat, of each seat it shows how many
/// cards it holds, and legal actions only to the seat to act.
#[cfg(test)]
pub(crate) fn check_seat_views<G: Described>(
    game: &G,
    hand: impl Fn(Seat) -> crate::core::cards::CardBits,
    shown: impl Fn(&G::View) -> ShownCards,
) {
    let seats = (0..game.num_seats() as u8).map(Seat::new);
    let sizes: Vec<u32> = seats.clone().map(|seat| hand(seat).count_ones()).collect();
    for seat in seats.clone() {
        let view = shown(&game.view(seat));
        let own = view.hand.iter().fold(0u64, |set, &card| set | 1 << card);
        assert_eq!(own, hand(seat), "{seat:?} sees its own cards");
        assert_eq!(
            view.hand.len() as u32,
            sizes[seat.at()],
            "{seat:?} sees each card once"
        );
        for other in seats.clone().filter(|&other| other != seat) {
            assert_eq!(own & hand(other), 0, "{seat:?} sees no card of {other:?}");
        }
        assert_eq!(
            view.hand_sizes[..sizes.len()],
            sizes,
            "{seat:?} sees the sizes"
        );
        let to_act = game.to_act() == Some(seat);
        assert_eq!(
            view.legal > 0,
            to_act,
            "{seat:?} sees legal actions on its turn only"
        );
    }
}

/// A game's default options with `change` made to them (for tests).
#[cfg(test)]
pub(crate) fn options_with<T: Default>(change: impl FnOnce(&mut T)) -> T {
    let mut options = T::default();
    change(&mut options);
    options
}

/// A whole-deck game's deals as given and recorded: the hands dealt from outside, the
/// deal in progress and the finished deals as a record keeps them.
pub trait Recorded: DealtGame {
    /// Deals the next deal from `hands` (each seat's cards in dealt order), pushing what
    /// the deal says; hands of the wrong sizes are an error and change nothing.
    fn deal_hands(
        &mut self,
        hands: &[Vec<CardCode>],
        events: &mut Vec<Self::Event>,
    ) -> Result<(), String>;
    /// Each seat's hand as dealt in the deal in progress.
    fn dealt_hands(&self) -> Vec<Vec<CardCode>> {
        self.current_record().dealt
    }
    /// Each seat's hand as dealt while a deal is played; none between deals (as a position
    /// describes them).
    fn dealt_in_deal(&self) -> Vec<Vec<CardCode>> {
        if self.in_deal() {
            self.dealt_hands()
        } else {
            Vec::new()
        }
    }
    /// The deal in progress as a record keeps it so far.
    fn current_record(&self) -> DealRecord;
    /// The finished deals from `start` on.
    fn records(&self, start: usize) -> Vec<DealRecord>;
}

/// A game whose deals are given from outside, whole (King, Spades, Tressette): a step
/// within a deal needs no chance, and says when the next deal is due. (101 draws from the
/// stock within a hand, so its step takes the chance that reshuffles.)
pub trait DealtGame: Game {
    /// What a checked step says happened (each game's own events).
    type Event;
    /// Applies `action` after checking it, pushing its events; Ok(true) when the next
    /// deal is due. An illegal action changes nothing.
    fn apply(&mut self, action: i64, events: &mut Vec<Self::Event>) -> Result<bool, IllegalMove>;
    /// Applies a legal `action` without events; true when the next deal is due.
    fn step_unchecked(&mut self, action: u32) -> bool;
    /// A uniformly random legal action of the seat to act.
    fn random_action(&self, rng: &mut Rng) -> u32;
    /// Deals the next deal from `rng` (a fast generator, not the Python engine's shuffle).
    fn deal_random(&mut self, rng: &mut Rng);
}

/// What one random playout did: decisions made, deals played, and whether it stopped at the
/// deal limit before the game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayedOut {
    pub decisions: u64,
    pub deals: u64,
    pub unfinished: bool,
}

/// Plays `game` (its first deal dealt) with uniformly random decisions, dealing from `rng`,
/// until it ends or (with `deal_limit`, 0: none) that many deals have been played.
///
/// ```
/// use koloda_native::core::rng::Rng;
/// use koloda_native::games::spades::{Spades, SpadesOptions};
/// use koloda_native::games::{play_random, DealtGame, Game};
///
/// let mut rng = Rng::new(7);
/// let mut game = Spades::new(SpadesOptions::default(), 0);
/// game.deal_random(&mut rng);
/// let played = play_random(&mut game, &mut rng, 2);
/// assert_eq!(played.deals, 2); // stopped after two deals (a game to 500 takes more)
/// assert!(played.unfinished && !game.is_over() && played.decisions >= 2 * 52);
/// ```
pub fn play_random<G: DealtGame>(game: &mut G, rng: &mut Rng, deal_limit: u32) -> PlayedOut {
    let mut played = PlayedOut::default();
    loop {
        let action = game.random_action(rng);
        played.decisions += 1;
        if game.step_unchecked(action) {
            played.deals += 1;
            if deal_limit > 0 && played.deals >= u64::from(deal_limit) {
                played.unfinished = true; // stopped at the deal limit
                return played;
            }
            game.deal_random(rng);
        } else if game.is_over() {
            played.deals += 1;
            return played;
        }
    }
}

/// The result of a batch of random playouts (each game's `playouts`): the counts every game
/// gives, each seat's (or side's) final total summed over the games, each seat's outcome
/// summed, and the counts of one game only.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Playouts<T> {
    pub games: u64,
    pub decisions: u64,
    pub deals: u64,
    /// Games stopped at the deal limit.
    pub unfinished: u64,
    pub total_points: Vec<T>,
    /// Each seat's outcome (`state.outcome()`), summed over the games.
    pub outcomes: Vec<f64>,
    /// Spades: the games won by side 0, by side 1, and shared (a tie at `max_deals`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wins: Option<[u64; 3]>,
    /// 101: the reshuffles of the pile into a new stock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restocks: Option<u64>,
}

impl<T: Clone + Default> Playouts<T> {
    /// No game played yet of `games`, with `totals` totals and `seats` outcomes to sum.
    pub fn new(games: u64, totals: usize, seats: usize) -> Self {
        Playouts {
            games,
            total_points: vec![T::default(); totals],
            outcomes: vec![0.0; seats],
            ..Playouts::default()
        }
    }

    /// Adds a finished game's final totals (by seat or side: as many as the result sums).
    pub fn add_totals(&mut self, totals: impl IntoIterator<Item = T>)
    where
        T: std::ops::AddAssign,
    {
        for (sum, total) in self.total_points.iter_mut().zip(totals) {
            *sum += total;
        }
    }

    /// Adds a finished game's outcome.
    pub fn add_outcome(&mut self, outcome: &[f64]) {
        for (sum, value) in self.outcomes.iter_mut().zip(outcome) {
            *sum += value;
        }
    }
}

/// `games` whole games of a whole-deck game (each made by `new` for its first dealer, who
/// goes round the `seats`) of uniformly random decisions, deals from `seed`, all in Rust;
/// with `deal_limit` (0: none) a game stops after that many deals if it has not ended.
/// `finished` adds a game's totals (and the game's own counts) to the result.
pub fn random_playouts<G: DealtGame, T: Clone + Default>(
    (games, seed, deal_limit): (u64, u64, u32),
    (seats, totals): (u8, usize),
    new: impl Fn(u8) -> G,
    mut finished: impl FnMut(&G, &mut Playouts<T>),
) -> Playouts<T> {
    let mut rng = Rng::new(seed);
    let mut result = Playouts::new(games, totals, usize::from(seats));
    for game in 0..games {
        let mut state = new((game % u64::from(seats)) as u8);
        state.deal_random(&mut rng);
        let played = play_random(&mut state, &mut rng, deal_limit);
        result.decisions += played.decisions;
        result.deals += played.deals;
        result.unfinished += u64::from(played.unfinished);
        result.add_outcome(&state.outcome());
        finished(&state, &mut result);
    }
    result
}
