//! The seeded shuffle of `koloda/core/dealing.py`, bit for bit: 64-bit words from a BLAKE2b
//! stream keyed by the seed and the deal index, Fisher–Yates with Lemire's multiply-shift
//! (a fast path, and the exact path with rejection in the rare case it is needed). The
//! native engines deal seeded games with it, so a seed deals the same cards on both engines
//! (the differential test compares every deal).

use blake2::digest::{FixedOutput, KeyInit, Update};
use blake2::{Blake2b512, Blake2bMac512, Digest};

/// `count` words for deal `index` of the game seeded with `seed` (its text, as Python's
/// f-string writes it).
pub fn seeded_words(seed: &str, index: u64, count: usize) -> Vec<u64> {
    let key_digest = Blake2b512::digest(format!("koloda:{seed}:{index}").as_bytes());
    let key = &key_digest[..32];
    let blocks = count.div_ceil(8);
    let mut words = Vec::with_capacity(blocks * 8);
    for block in 0..blocks as u64 {
        let mut mac =
            <Blake2bMac512 as KeyInit>::new_from_slice(key).expect("a 32-byte key is valid");
        Update::update(&mut mac, &block.to_le_bytes());
        let digest = mac.finalize_fixed();
        for chunk in digest.chunks_exact(8) {
            words.push(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
    }
    words
}

/// A uniformly random permutation of `items` for deal `index` of the game seeded with
/// `seed` (`Shuffler(seed).shuffled(items, index)`).
pub fn seeded_shuffle<T: Copy>(seed: &str, index: u64, items: &[T]) -> Vec<T> {
    let size = items.len();
    let mut out = items.to_vec();
    let mut words = seeded_words(seed, index, size + 8);
    let mut exact = false;
    for (i, &word) in (1..size).rev().zip(&words) {
        let product = word as u128 * (i as u128 + 1);
        if (product as u64) <= i as u64 {
            exact = true; // rare: take the exact path from the start
            break;
        }
        out.swap(i, (product >> 64) as usize);
    }
    if !exact {
        return out;
    }
    out = items.to_vec();
    let mut position = 0;
    let mut attempt = 0;
    for i in (1..size).rev() {
        let bound = i as u64 + 1;
        let threshold = ((1u128 << 64) % bound as u128) as u64;
        let product = loop {
            if position == words.len() {
                attempt += 1;
                words = seeded_words(&format!("{seed}#{attempt}"), index, size);
                position = 0;
            }
            let product = words[position] as u128 * bound as u128;
            position += 1;
            let low = product as u64;
            if low >= bound || low >= threshold {
                break product;
            }
        };
        out.swap(i, (product >> 64) as usize);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_seeded_permutations() {
        let deck: Vec<u8> = (0..52).collect();
        let a = seeded_shuffle("7", 3, &deck);
        assert_eq!(a, seeded_shuffle("7", 3, &deck));
        assert_ne!(a, seeded_shuffle("7", 4, &deck));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, deck);
        assert_eq!(seeded_words("x", 0, 9).len(), 16);
    }
}
