//! `words`: byte strings compared a word at a time agree with plain byte comparisons.

use attestkit_receiver_interface::words::{be_words, bytes_eq};

#[test]
fn bytes_eq_agrees_with_slice_equality_at_every_length_and_differing_byte() {
    let a: Vec<u8> = (0u8..40).collect();
    for len in 0..=a.len() {
        let x = &a[..len];
        assert!(bytes_eq(x, &a[..len]), "equal, len {len}");
        // Each single differing byte is seen, whichever word (or overlapping tail) holds it.
        for at in 0..len {
            let mut y = x.to_vec();
            y[at] ^= 0x80;
            assert!(!bytes_eq(x, &y), "byte {at} differs, len {len}");
        }
        // A prefix of another length never matches.
        if len > 0 {
            assert!(!bytes_eq(x, &a[..len - 1]), "lengths {len} and {}", len - 1);
        }
    }
}

#[test]
fn be_words_order_like_the_big_endian_numbers() {
    let mut low = [0u8; 32];
    low[31] = 1;
    let mut high = [0u8; 32];
    high[0] = 1;
    let mut middle = [0u8; 32];
    middle[15] = 0xff;
    assert_eq!(be_words(&low), (0, 0, 0, 1));
    assert_eq!(be_words(&high), (1 << 56, 0, 0, 0));
    assert!(be_words(&low) < be_words(&middle) && be_words(&middle) < be_words(&high));
    assert_eq!(be_words(&[0xff; 32]), (u64::MAX, u64::MAX, u64::MAX, u64::MAX));
}
