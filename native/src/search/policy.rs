//! The action a game's policy (its heuristic: the searches' rollout policy) takes for the
//! seat to act, as the tests hold it against the Python heuristic
//! (each game class's `policy_action`): a card in a trick game's card play, any decision of 101.

use crate::core::rng::Rng;
use crate::games::hundred_one::policy::hundred_one_action;
use crate::games::hundred_one::search::mover;
use crate::games::hundred_one::HundredOne;
use crate::search::trick::TrickSearch;

/// A game whose policy can be asked for the seat to act's action.
pub trait PolicyAction {
    /// The policy's action, or why there is none.
    fn policy_action(&self) -> Result<u32, String>;
}

impl<G: TrickSearch> PolicyAction for G {
    fn policy_action(&self) -> Result<u32, String> {
        if !self.in_play() || self.legal_mask() == 0 {
            return Err("no card to play: the card play is not on".into());
        }
        self.policy_card(&mut Rng::new(0))
            .map(u32::from)
            .ok_or_else(|| "the game has no rollout policy".into())
    }
}

impl PolicyAction for HundredOne {
    fn policy_action(&self) -> Result<u32, String> {
        mover(self).map(|_| hundred_one_action(self))
    }
}
