//! The shuffle numbers of new deals: the host's choice from a start the app takes from the
//! clock, never a ruleset's (✱ contract 1).

use felt_core::code::SHUFFLE_LIMIT;

/// SplitMix64: new deals' shuffle numbers, from a start the app takes from the clock.
#[derive(Clone, Copy, Debug)]
pub struct Seeds(pub u64);

impl Seeds {
    /// The next shuffle number, below the largest a game code can carry.
    pub fn next_shuffle(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % SHUFFLE_LIMIT
    }
}
