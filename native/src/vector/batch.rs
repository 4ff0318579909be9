//! The vector environment's batches in memory (`koloda.envs.VectorEnv` hands over its numpy
//! arrays' rows as slices, `python/vector.rs`): every game's encoding into the rows of a
//! batch, and a uniformly random legal action of each row of a mask.

use crate::core::Seat;
use crate::vector::Encoder;

/// The arrays a batch is written into: `obs` (`size` floats a row), `mask` (`num_actions`
/// bytes a row) and the acting `seats` (one a row, -1 for none).
pub struct Rows<'a> {
    pub size: usize,
    pub num_actions: usize,
    pub obs: &'a mut [f32],
    pub mask: &'a mut [u8],
    pub seats: &'a mut [i64],
}

/// Writes each game's acting seat, observation and legal mask into row i of `rows`; the
/// rows the encoder declines (Python encodes them itself). The arrays hold as many rows as
/// there are games.
pub fn encode_rows<'g, G: Encoder + 'g>(
    games: impl IntoIterator<Item = &'g G>,
    tables: &G::Tables,
    rows: Rows<'_>,
) -> Vec<usize> {
    let Rows {
        size,
        num_actions,
        obs,
        mask,
        seats,
    } = rows;
    let mut declined = Vec::new();
    let rows = obs.chunks_exact_mut(size.max(1));
    let masks = mask.chunks_exact_mut(num_actions.max(1));
    for (i, (((game, seat), row), mask_row)) in games
        .into_iter()
        .zip(seats.iter_mut())
        .zip(rows)
        .zip(masks)
        .enumerate()
    {
        *seat = i64::from(Seat::to_code(game.to_act()));
        if !game.encode(tables, row, mask_row) {
            declined.push(i);
        }
    }
    declined
}

/// A uniformly random legal action index of every row of `mask` (`num_actions` bytes a
/// row, nonzero: legal), the `i`-th chosen by `uniforms[i]` in [0, 1), into `out`; -1 for
/// a row with nothing legal.
///
/// ```
/// use koloda_native::vector::batch::sample_masked;
///
/// let mask = [0, 1, 1, 0, 0, 0];
/// let mut out = [0; 2];
/// sample_masked(&mask, 3, &[0.9, 0.5], &mut out);
/// assert_eq!(out, [2, -1]);
/// ```
pub fn sample_masked(mask: &[u8], num_actions: usize, uniforms: &[f64], out: &mut [i64]) {
    for ((row, &u), chosen) in mask
        .chunks_exact(num_actions.max(1))
        .zip(uniforms)
        .zip(out.iter_mut())
    {
        // counted in bytes, 255 at a time, which the compiler vectorizes 16 lanes wide
        let count: usize = row
            .chunks(255)
            .map(|chunk| chunk.iter().fold(0u8, |sum, &m| sum + u8::from(m != 0)) as usize)
            .sum();
        *chosen = -1;
        if count == 0 {
            continue;
        }
        let nth = ((u * count as f64) as usize).min(count - 1);
        let mut legal = row.iter().enumerate().filter(|&(_, &m)| m != 0);
        if let Some((index, _)) = legal.nth(nth) {
            *chosen = index as i64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;
    use crate::games::spades::vector::tests::tables;
    use crate::games::spades::{Spades, SpadesOptions};

    #[test]
    fn every_legal_index_is_drawn_in_its_share_and_nothing_else() {
        let mask = [1, 0, 1, 1, 0, 0, 0, 0];
        let mut counts = [0u32; 5];
        for k in 0..300 {
            let mut out = [7; 2];
            sample_masked(&mask, 4, &[f64::from(k) / 300.0, 0.3], &mut out);
            assert_eq!(out[1], -1, "a row with nothing legal");
            counts[usize::try_from(out[0]).expect("a legal index")] += 1;
        }
        assert_eq!(counts, [100, 0, 100, 100, 0]);
    }

    #[test]
    fn each_row_holds_its_games_seat_observation_and_mask() {
        let tables = tables();
        let mut games = Vec::new();
        for seed in 0..3 {
            let mut game = Spades::new(SpadesOptions::default(), seed as u8);
            game.deal_random(&mut Rng::new(seed));
            games.push(game);
        }
        let (size, num_actions) = (tables.size, tables.num_actions);
        let mut obs = vec![0.0; 3 * size];
        let mut mask = vec![0; 3 * num_actions];
        let mut seats = vec![9; 3];
        let rows = Rows {
            size,
            num_actions,
            obs: &mut obs,
            mask: &mut mask,
            seats: &mut seats,
        };
        let declined = encode_rows(&games, &tables, rows);
        for (i, game) in games.iter().enumerate() {
            assert_eq!(seats[i], i64::from(Seat::to_code(game.to_act())));
            let mut row = vec![0.0; size];
            let mut mask_row = vec![0; num_actions];
            let encoded = game.encode(&tables, &mut row, &mut mask_row);
            assert_eq!(encoded, !declined.contains(&i));
            if encoded {
                assert_eq!(obs[i * size..(i + 1) * size], row[..]);
                assert_eq!(mask[i * num_actions..(i + 1) * num_actions], mask_row[..]);
            }
        }
    }
}
