//! What the rule scenarios share: cards written as the rules pages write them, and the refusal
//! of a card another seat holds.

/// A card's code from its notation (`10H`, `KS`): the rank's index from the two, the suit's
/// in spades, hearts, diamonds, clubs order.
pub fn card(text: &str) -> u8 {
    let (rank, suit) = text.split_at(text.len() - 1);
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    let rank = ranks.iter().position(|&r| r == rank).expect("a rank") as u8;
    let suit = "SHDC".find(suit).expect("a suit") as u8;
    suit << 4 | rank
}

/// What checking `card` gives when it is held by a seat other than `seat`, the seat to act.
pub fn not_in_hand(card: u8, seat: u8) -> Result<(), koloda_native::core::illegal::IllegalMove> {
    Err(koloda_native::core::illegal::IllegalMove::NotInHand { card, seat })
}
