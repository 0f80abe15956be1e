//! The order id: EIP-712 `hashStruct(Order)` with no domain separator, as the service and its
//! settlement SDK compute it (viem's `hashStruct`).
//!
//! Encoding rules used below: `string` and `bytes` members are hashed (`keccak256(value)`);
//! `uint256` is its big-endian word; `uint32` and `address` are left-padded to a word; a nested
//! struct is its `hashStruct`; an array is `keccak256` of its elements' encodings concatenated.
//! Every `keccak256` takes the member slices in place (one `sol_keccak256` over several slices),
//! so nothing is copied except the 32-byte element hashes of a list. The id is computed in one
//! pass over the order's Borsh bytes, reading and hashing each member once.

use super::{
    borsh::Reader,
    error::OrderError,
    layout::{Order, MAX_LIST_LEN},
};
use crate::attestation::Crypto;
use core::mem::MaybeUninit;

/// The only order version whose types are known; others fail with
/// [`OrderError::UnsupportedOrderVersion`] rather than hash to a wrong id.
pub const ORDER_VERSION_V1: &[u8] = b"v1";

/// `keccak256` of each struct's EIP-712 type string (the struct, then the structs it references
/// in alphabetical order). Host-tested against the strings in [`type_strings`].
pub mod type_hash {
    pub const ORDER: [u8; 32] = [
        238, 5, 231, 61, 168, 242, 252, 225, 29, 52, 167, 138, 57, 153, 139, 77, 216, 165, 108, 98, 152, 170, 154,
        210, 135, 12, 63, 154, 40, 33, 220, 142,
    ];
    pub const INPUT: [u8; 32] = [
        197, 176, 100, 60, 116, 39, 228, 129, 107, 231, 159, 216, 6, 79, 193, 8, 252, 124, 90, 239, 190, 112, 22,
        177, 238, 235, 21, 2, 40, 249, 55, 69,
    ];
    pub const INPUT_PAYMENT: [u8; 32] = [
        102, 237, 199, 171, 78, 95, 10, 208, 173, 173, 33, 99, 143, 255, 243, 96, 219, 249, 86, 216, 154, 40, 249,
        236, 108, 221, 62, 122, 18, 59, 180, 235,
    ];
    pub const INPUT_REFUND: [u8; 32] = [
        159, 142, 17, 65, 12, 155, 251, 2, 62, 84, 162, 191, 204, 65, 239, 79, 141, 177, 254, 75, 181, 219, 120,
        115, 22, 159, 243, 174, 173, 43, 240, 226,
    ];
    pub const OUTPUT: [u8; 32] = [
        236, 91, 216, 52, 9, 7, 123, 231, 26, 63, 188, 44, 133, 120, 234, 125, 209, 170, 12, 224, 167, 190, 151,
        87, 26, 10, 137, 230, 30, 44, 34, 105,
    ];
    pub const OUTPUT_PAYMENT: [u8; 32] = [
        150, 198, 85, 123, 110, 193, 20, 187, 159, 245, 41, 19, 148, 191, 95, 53, 195, 104, 80, 67, 193, 164, 111,
        67, 20, 102, 52, 167, 13, 202, 12, 220,
    ];
    pub const FEE: [u8; 32] = [
        94, 20, 32, 230, 72, 45, 65, 56, 219, 192, 22, 250, 55, 143, 6, 78, 177, 32, 184, 184, 44, 134, 111, 187,
        29, 160, 182, 140, 146, 248, 171, 174,
    ];
}

/// The EIP-712 type strings of the `v1` order, whose hashes are [`type_hash`].
pub mod type_strings {
    pub const INPUT_PAYMENT: &str = "InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)";
    pub const INPUT_REFUND: &str = "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)";
    pub const OUTPUT_PAYMENT: &str = "OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)";
    pub const FEE: &str = "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)";
    pub const INPUT_HEAD: &str = "Input(InputPayment payment,InputRefund[] refunds)";
    pub const OUTPUT_HEAD: &str = "Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)";
    pub const ORDER_HEAD: &str = "Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)";
}

/// A 32-byte hash or word, 8-aligned so the SBF code moves it as four 64-bit words rather than
/// byte by byte (a plain `[u8; 32]` has alignment 1).
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct Word([u8; 32]);

#[inline(always)]
fn keccak<C: Crypto>(parts: &[&[u8]]) -> Word {
    Word(C::keccak256(parts))
}

/// `uint32` as its EIP-712 word.
#[inline(always)]
fn u32_word(value: u32) -> Word {
    let mut word = Word([0u8; 32]);
    word.0[28..].copy_from_slice(&value.to_be_bytes());
    word
}

/// `keccak256` of a `string` / `bytes` member read from `r`.
#[inline(always)]
fn hash_bytes<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    Ok(keccak::<C>(&[r.bytes()?]))
}

/// A Borsh `Vec` read from `r` as EIP-712 hashes it: `keccak256` of its element hashes, each
/// element read and hashed by `element`. Never inlined: its stack buffer (`MAX_LIST_LEN` words,
/// left uninitialized: only the words written are read) lives in its own frame, one per nesting
/// level.
#[inline(never)]
fn hash_list<'a, C: Crypto>(
    r: &mut Reader<'a>,
    element: impl Fn(&mut Reader<'a>) -> Result<Word, OrderError>,
) -> Result<Word, OrderError> {
    let count = r.u32()? as usize;
    if count > MAX_LIST_LEN {
        return Err(OrderError::TooManyElements);
    }
    let mut words = [const { MaybeUninit::<Word>::uninit() }; MAX_LIST_LEN];
    for word in words.iter_mut().take(count) {
        word.write(element(r)?);
    }
    // SAFETY: the first `count` words were written above (`count <= MAX_LIST_LEN`); `Word` is
    // 32 bytes with no padding, so they are `32 * count` contiguous initialized bytes.
    let used = unsafe { core::slice::from_raw_parts(words.as_ptr() as *const u8, 32 * count) };
    Ok(keccak::<C>(&[used]))
}

fn hash_input_payment<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let (chain_id, currency) = (hash_bytes::<C>(r)?, hash_bytes::<C>(r)?);
    let (amount, weight) = (r.array::<32>()?, r.array::<32>()?);
    Ok(keccak::<C>(&[&type_hash::INPUT_PAYMENT, &chain_id.0, &currency.0, amount, weight]))
}

fn hash_input_refund<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let (chain_id, recipient, currency) = (hash_bytes::<C>(r)?, hash_bytes::<C>(r)?, hash_bytes::<C>(r)?);
    let minimum_amount = r.array::<32>()?;
    let deadline = u32_word(r.u32()?);
    let extra_data = hash_bytes::<C>(r)?;
    Ok(keccak::<C>(&[&type_hash::INPUT_REFUND, &chain_id.0, &recipient.0, &currency.0, minimum_amount, &deadline.0, &extra_data.0]))
}

fn hash_input<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let payment = hash_input_payment::<C>(r)?;
    let refunds = hash_list::<C>(r, hash_input_refund::<C>)?;
    Ok(keccak::<C>(&[&type_hash::INPUT, &payment.0, &refunds.0]))
}

fn hash_output_payment<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let (recipient, currency) = (hash_bytes::<C>(r)?, hash_bytes::<C>(r)?);
    let (minimum_amount, expected_amount) = (r.array::<32>()?, r.array::<32>()?);
    Ok(keccak::<C>(&[&type_hash::OUTPUT_PAYMENT, &recipient.0, &currency.0, minimum_amount, expected_amount]))
}

fn hash_output<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let chain_id = hash_bytes::<C>(r)?;
    let payments = hash_list::<C>(r, hash_output_payment::<C>)?;
    let deadline = u32_word(r.u32()?);
    let calls = hash_list::<C>(r, hash_bytes::<C>)?;
    let extra_data = hash_bytes::<C>(r)?;
    Ok(keccak::<C>(&[&type_hash::OUTPUT, &chain_id.0, &payments.0, &deadline.0, &calls.0, &extra_data.0]))
}

fn hash_fee<C: Crypto>(r: &mut Reader<'_>) -> Result<Word, OrderError> {
    let (recipient_chain_id, recipient) = (hash_bytes::<C>(r)?, hash_bytes::<C>(r)?);
    let (currency_chain_id, currency) = (hash_bytes::<C>(r)?, hash_bytes::<C>(r)?);
    let amount = r.array::<32>()?;
    Ok(keccak::<C>(&[&type_hash::FEE, &recipient_chain_id.0, &recipient.0, &currency_chain_id.0, &currency.0, amount]))
}

/// The order id of the Borsh bytes of an `Order` (exactly filled), in one pass: what
/// `compute_order_id` runs. Fails like [`Order::parse`] on malformed bytes and with
/// [`OrderError::UnsupportedOrderVersion`] for a version other than `"v1"`.
pub fn order_id_from_borsh<C: Crypto>(bytes: &[u8]) -> Result<[u8; 32], OrderError> {
    let mut r = Reader::new(bytes);
    let version = r.bytes()?;
    if version != ORDER_VERSION_V1 {
        return Err(OrderError::UnsupportedOrderVersion);
    }
    let version = keccak::<C>(&[version]);
    let solver_chain_id = hash_bytes::<C>(&mut r)?;
    let mut solver = [0u8; 32];
    solver[12..].copy_from_slice(r.array::<20>()?);
    let salt = r.array::<32>()?;
    let inputs = hash_list::<C>(&mut r, hash_input::<C>)?;
    let output = hash_output::<C>(&mut r)?;
    let fees = hash_list::<C>(&mut r, hash_fee::<C>)?;
    r.finish()?;
    Ok(C::keccak256(&[&type_hash::ORDER, &version.0, &solver_chain_id.0, &solver, salt, &inputs.0, &output.0, &fees.0]))
}

/// The order id, `hashStruct(Order)`, of a parsed order (hashed from its bytes in one pass).
#[inline(always)]
pub fn order_id<C: Crypto>(order: &Order<'_>) -> Result<[u8; 32], OrderError> {
    order_id_from_borsh::<C>(order.encoded)
}
