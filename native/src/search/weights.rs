//! Weighed samples: the effective number of a set of weights, tempering, and drawing in
//! proportion to the weights (the deals of the searches that weigh what they sample).

use crate::core::rng::Rng;

/// `count` indices drawn in proportion to `weights` (systematic resampling, as
/// `beliefs.resample`); when every weight is zero the indices are taken as they come.
pub fn resample(weights: &[f64], count: usize, rng: &mut Rng) -> Vec<usize> {
    if weights.is_empty() {
        return Vec::new();
    }
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return (0..count).map(|i| i % weights.len()).collect();
    }
    let step = total / count as f64;
    let mut point = unit(rng) * step;
    let mut chosen = Vec::with_capacity(count);
    let mut running = 0.0;
    for (index, &w) in weights.iter().enumerate() {
        running += w;
        while point < running && chosen.len() < count {
            chosen.push(index);
            point += step;
        }
    }
    while chosen.len() < count {
        chosen.push(weights.len() - 1); // rounding at the very end
    }
    chosen
}

/// A uniform number in [0, 1).
pub fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The effective number of weighed deals, (Σw)² / Σw² (0 when all weigh 0).
pub fn effective(weights: &[f64]) -> f64 {
    let total: f64 = weights.iter().sum();
    let squares: f64 = weights.iter().map(|w| w * w).sum();
    if squares > 0.0 {
        total * total / squares
    } else {
        0.0
    }
}

/// The weights raised to the largest power within 0..1 that keeps at least `least`
/// effective deals (or as many as weigh anything): a model that sees more in the play
/// than the candidates can show is trusted less, never so much that a handful of deals
/// stand for all.
pub fn tempered(weights: &[f64], least: f64) -> Vec<f64> {
    let logs: Vec<f64> = weights
        .iter()
        .map(|&w| if w > 0.0 { w.ln() } else { f64::NEG_INFINITY })
        .collect();
    let top = logs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return weights.to_vec();
    }
    let power = |alpha: f64| -> Vec<f64> {
        logs.iter()
            .map(|&l| {
                if l.is_finite() {
                    ((l - top) * alpha).exp()
                } else {
                    0.0
                }
            })
            .collect()
    };
    let full = power(1.0);
    let possible = logs.iter().filter(|l| l.is_finite()).count() as f64;
    let least = least.min(possible);
    if effective(&full) >= least {
        return full;
    }
    let (mut low, mut high) = (0.0, 1.0);
    for _ in 0..30 {
        let middle = (low + high) / 2.0;
        if effective(&power(middle)) >= least {
            low = middle;
        } else {
            high = middle;
        }
    }
    power(low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tempering_keeps_enough_effective_deals_and_the_order_of_the_weights() {
        let mut rng = Rng::new(5);
        let weights: Vec<f64> = (0..1000)
            .map(|i| {
                if i % 7 == 0 {
                    0.0
                } else {
                    (-(rng.below(60) as f64)).exp()
                }
            })
            .collect();
        assert!(effective(&weights) < 100.0);
        let softer = tempered(&weights, 300.0);
        assert!(effective(&softer) >= 300.0 && effective(&softer) < 320.0);
        for (a, b) in weights.iter().zip(&softer) {
            assert_eq!(*a == 0.0, *b == 0.0);
            for (c, d) in weights.iter().zip(&softer).take(50) {
                assert_eq!(a < c, b < d);
            }
        }
        // enough already: only scaled; fewer possible deals than asked: all of them, evenly
        let even = tempered(&[0.5, 0.5, 0.25], 2.0);
        assert_eq!(even, vec![1.0, 1.0, 0.5]);
        let flat = tempered(&[1e-300, 0.0, 1.0], 10.0);
        assert!((effective(&flat) - 2.0).abs() < 1e-6);
        assert_eq!(flat[1], 0.0);
    }
}
