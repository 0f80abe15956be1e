//! `"v2"` orders (the settlement SDK's next format), beside `"v1"` in [`super::eip712`]: the order
//! id, EIP-712 `hashStruct(Order)` with no domain separator, over the Borsh bytes of a v2 order,
//! with the same encoding rules and building blocks as v1 (member hashes written in place, one
//! `keccak256` per struct, lists of at most `MAX_LIST_LEN` elements).
//!
//! A v2 order's Borsh layout, member for member as the EIP-712 types: `version: string,
//! relayerChainId: string, relayer: [u8; 20], salt: [u8; 32] (big-endian), deadline: u32,
//! input: Input, refunds: Vec<Refund>, output: Output, fees: Vec<Fee>` with
//! `Input { chainId: string, currency: bytes, amount: [u8; 32] }`,
//! `Refund { chainId: string, currency: bytes, minimumAmount: [u8; 32], recipient: bytes }`,
//! `Output { chainId: string, withdraw: Withdraw, fill: Fill }`,
//! `Withdraw { currency: bytes, minimumAmount: [u8; 32] }`,
//! `Fill { currency: bytes, minimumAmount: [u8; 32], recipient: bytes, calls: Vec<bytes> }` and
//! `Fee` as in v1.

use super::{
    borsh::Reader,
    eip712::{hash_bytes, hash_call, hash_fee, hash_list, keccak, padded_word, Slot, Words},
    error::OrderError,
};
use crate::attestation::Crypto;
use core::mem::MaybeUninit;

/// The version string of a v2 order.
pub const ORDER_VERSION_V2: &[u8] = b"v2";

/// [`ORDER_VERSION_V2`] as Borsh encodes the `version` member: its u32 length, then its bytes. An
/// order whose bytes start with it is a v2 order.
pub const V2_BORSH: [u8; 6] = [2, 0, 0, 0, ORDER_VERSION_V2[0], ORDER_VERSION_V2[1]];

/// `keccak256("v2")`, the `version` member of every v2 order as EIP-712 encodes it (host-tested).
pub const V2_VERSION_HASH: [u8; 32] = [
    249, 68, 107, 142, 147, 125, 134, 240, 188, 135, 202, 199, 57, 35, 73, 22,
    146, 177, 35, 202, 95, 135, 97, 144, 132, 148, 112, 55, 88, 32, 106, 223,
];

/// `keccak256` of each v2 struct's EIP-712 type string (`Fee` is v1's
/// [`super::eip712::type_hash::FEE`]). Host-tested against the strings in [`type_strings`].
pub mod type_hash {
    pub const ORDER: [u8; 32] = [
        183, 244, 134, 98, 64, 38, 174, 64, 24, 37, 239, 74, 37, 141, 44, 193, 225, 42, 40, 185, 0, 92, 18, 213,
        8, 105, 48, 183, 176, 148, 182, 69,
    ];
    pub const INPUT: [u8; 32] = [
        246, 15, 51, 11, 204, 176, 86, 65, 71, 239, 94, 44, 202, 11, 162, 142, 48, 197, 216, 15, 249, 150, 70,
        132, 185, 21, 39, 75, 182, 112, 114, 38,
    ];
    pub const REFUND: [u8; 32] = [
        14, 132, 171, 24, 3, 149, 211, 105, 188, 49, 125, 80, 61, 234, 190, 199, 1, 2, 41, 149, 133, 185, 94, 32,
        254, 46, 18, 112, 213, 81, 104, 5,
    ];
    pub const OUTPUT: [u8; 32] = [
        21, 146, 150, 163, 131, 105, 200, 62, 94, 156, 98, 108, 82, 22, 218, 104, 240, 166, 23, 108, 179, 51, 75,
        232, 225, 95, 83, 3, 14, 59, 123, 37,
    ];
    pub const WITHDRAW: [u8; 32] = [
        168, 83, 236, 109, 30, 85, 139, 7, 49, 96, 110, 244, 15, 219, 164, 214, 92, 58, 5, 29, 51, 113, 17, 150,
        223, 51, 243, 146, 16, 193, 149, 77,
    ];
    pub const FILL: [u8; 32] = [
        235, 28, 177, 28, 209, 254, 50, 213, 120, 171, 32, 96, 171, 248, 109, 252, 51, 180, 166, 127, 234, 90,
        237, 58, 33, 74, 93, 211, 211, 116, 246, 31,
    ];
}

/// The EIP-712 type strings of the v2 order, whose hashes are [`type_hash`].
pub mod type_strings {
    pub const INPUT: &str = "Input(string chainId,bytes currency,uint256 amount)";
    pub const REFUND: &str = "Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)";
    pub const WITHDRAW: &str = "Withdraw(bytes currency,uint256 minimumAmount)";
    pub const FILL: &str = "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)";
    pub const OUTPUT_HEAD: &str = "Output(string chainId,Withdraw withdraw,Fill fill)";
    pub const ORDER_HEAD: &str = "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)";
}

/// `Input`: `typeHash || h(chainId) || h(currency) || amount`.
fn hash_input<C: Crypto>(r: &mut Reader<'_>, out: &mut Slot) -> Result<(), OrderError> {
    let mut m = Words::<2>::new();
    let w = &mut m.0;
    hash_bytes::<C>(r, &mut w[0])?;
    hash_bytes::<C>(r, &mut w[1])?;
    let amount = r.array::<32>()?;
    // SAFETY (every `all` below): each word of the buffer was written by a hash above.
    keccak::<C>(&[&type_hash::INPUT, unsafe { m.all() }, amount], out);
    Ok(())
}

/// `Refund`: `typeHash || h(chainId) || h(currency) || minimumAmount || h(recipient)`.
fn hash_refund<C: Crypto>(r: &mut Reader<'_>, _v: &mut (), _index: usize, out: &mut Slot) -> Result<(), OrderError> {
    let (mut head, mut tail) = (Words::<2>::new(), Words::<1>::new());
    hash_bytes::<C>(r, &mut head.0[0])?;
    hash_bytes::<C>(r, &mut head.0[1])?;
    let minimum_amount = r.array::<32>()?;
    hash_bytes::<C>(r, &mut tail.0[0])?;
    keccak::<C>(&[&type_hash::REFUND, unsafe { head.all() }, minimum_amount, unsafe { tail.all() }], out);
    Ok(())
}

/// `Withdraw`: `typeHash || h(currency) || minimumAmount`.
fn hash_withdraw<C: Crypto>(r: &mut Reader<'_>, out: &mut Slot) -> Result<(), OrderError> {
    let mut m = Words::<1>::new();
    hash_bytes::<C>(r, &mut m.0[0])?;
    let minimum_amount = r.array::<32>()?;
    keccak::<C>(&[&type_hash::WITHDRAW, unsafe { m.all() }, minimum_amount], out);
    Ok(())
}

/// `Fill`: `typeHash || h(currency) || minimumAmount || h(recipient) || h(calls)`.
fn hash_fill<C: Crypto>(r: &mut Reader<'_>, out: &mut Slot) -> Result<(), OrderError> {
    let (mut head, mut tail) = (Words::<1>::new(), Words::<2>::new());
    hash_bytes::<C>(r, &mut head.0[0])?;
    let minimum_amount = r.array::<32>()?;
    hash_bytes::<C>(r, &mut tail.0[0])?;
    *r = hash_list::<C, ()>(*r, &mut (), &mut tail.0[1], hash_call::<C, ()>)?;
    keccak::<C>(&[&type_hash::FILL, unsafe { head.all() }, minimum_amount, unsafe { tail.all() }], out);
    Ok(())
}

/// `Output`: `typeHash || h(chainId) || hashStruct(withdraw) || hashStruct(fill)`.
fn hash_output<C: Crypto>(r: &mut Reader<'_>, out: &mut Slot) -> Result<(), OrderError> {
    let mut m = Words::<3>::new();
    let w = &mut m.0;
    hash_bytes::<C>(r, &mut w[0])?;
    hash_withdraw::<C>(r, &mut w[1])?;
    hash_fill::<C>(r, &mut w[2])?;
    keccak::<C>(&[&type_hash::OUTPUT, unsafe { m.all() }], out);
    Ok(())
}

/// The id of the v2 order whose Borsh bytes are `bytes` (exactly filled), in one pass. Fails with
/// [`OrderError::InvalidOrderEncoding`] on malformed or trailing bytes, [`OrderError::TooManyElements`]
/// for a list longer than `MAX_LIST_LEN`, and [`OrderError::UnsupportedOrderVersion`] for a
/// version other than `"v2"`.
pub fn order_id_from_borsh<C: Crypto>(bytes: &[u8]) -> Result<[u8; 32], OrderError> {
    let mut r = Reader::new(bytes);
    match r.rest().split_first_chunk::<6>() {
        Some((version, rest)) if *version == V2_BORSH => r = Reader::new(rest),
        _ => {
            r.bytes()?;
            return Err(OrderError::UnsupportedOrderVersion);
        }
    }
    // type hash and version (constant) | relayerChainId, relayer | salt (in place) | deadline, input,
    // refunds, output, fees.
    let (mut head, mut tail) = (Words::<2>::new(), Words::<5>::new());
    let (h, t) = (&mut head.0, &mut tail.0);
    hash_bytes::<C>(&mut r, &mut h[0])?;
    padded_word(r.array::<20>()?, &mut h[1]);
    let salt = r.array::<32>()?;
    padded_word(&r.u32()?.to_be_bytes(), &mut t[0]);
    hash_input::<C>(&mut r, &mut t[1])?;
    r = hash_list::<C, ()>(r, &mut (), &mut t[2], hash_refund::<C>)?;
    hash_output::<C>(&mut r, &mut t[3])?;
    r = hash_list::<C, ()>(r, &mut (), &mut t[4], hash_fee::<C, ()>)?;
    r.finish()?;
    let mut id = MaybeUninit::uninit();
    // SAFETY: every word of `head` and `tail` was written above.
    keccak::<C>(&[&type_hash::ORDER, &V2_VERSION_HASH, unsafe { head.all() }, salt, unsafe { tail.all() }], &mut id);
    // SAFETY: written by the hash above.
    Ok(unsafe { id.assume_init() })
}
