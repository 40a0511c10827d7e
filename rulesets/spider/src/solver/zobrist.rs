//! Position keys: 128-bit Zobrist hashes, one table of random keys by column height and card
//! byte, fixed at compile time so that every run hashes alike.

/// A 128-bit position key: two independent 64-bit Zobrist hashes. With 128 bits a collision
/// among even billions of positions has odds below 10^-20, so an exhausted search may be
/// trusted as a proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Key(pub u64, pub u64);

impl Key {
    /// Wrapping sum, which does not depend on the order of the terms.
    #[inline]
    pub(crate) fn add(self, o: Key) -> Key {
        Key(self.0.wrapping_add(o.0), self.1.wrapping_add(o.1))
    }

    /// Wrapping difference, undoing [`Key::add`].
    #[inline]
    pub(crate) fn sub(self, o: Key) -> Key {
        Key(self.0.wrapping_sub(o.0), self.1.wrapping_sub(o.1))
    }

    #[inline]
    pub(crate) fn xor(&mut self, other: Key) {
        self.0 ^= other.0;
        self.1 ^= other.1;
    }
}

/// SplitMix64's finaliser: a cheap, well-mixed 64-bit hash.
pub(crate) const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Heights a column may reach (every card of the largest deck in one column).
const MAX_HEIGHT: usize = 256;

const fn make_zobrist() -> [Key; MAX_HEIGHT * 128] {
    let mut t = [Key(0, 0); MAX_HEIGHT * 128];
    let mut i = 0;
    while i < MAX_HEIGHT * 128 {
        let x = i as u64;
        t[i] = Key(mix(x ^ 0x5EED_0001), mix(x ^ 0xA11C_E5ED_0002));
        i += 1;
    }
    t
}

/// Zobrist keys by height and card byte (with its face-down flag): fixed data, computed at
/// compile time.
static ZOBRIST: [Key; MAX_HEIGHT * 128] = make_zobrist();

/// The Zobrist key of card byte `b` (flag included) at height `i` of a column.
#[inline]
pub(crate) fn zobrist(i: usize, b: u8) -> Key {
    ZOBRIST[(i << 7) | (b as usize & 0x7f)]
}
