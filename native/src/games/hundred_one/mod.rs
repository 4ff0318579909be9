//! 101: the rules (re-exported here, with a position given whole and a seat's view), the
//! heuristic policy, the belief model that weighs the searches' deals, the game as the
//! searches play it (its `SearchGame` and weighed `Deals`, PIMC and ISMCTS) and the vector
//! encoder.

pub mod beliefs;
pub mod policy;
pub mod position;
pub mod record;
pub mod rules;
pub mod search;
pub mod vector;
pub mod view;

pub use position::HundredOnePosition;
pub use record::HandRecord;
pub use rules::*;
pub use view::HundredOneView;
