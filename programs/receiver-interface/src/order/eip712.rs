//! The order id: EIP-712 `hashStruct(Order)` with no domain separator, as the service and its
//! settlement SDK compute it (viem's `hashStruct`).
//!
//! Encoding rules used below: `string` and `bytes` members are hashed (`keccak256(value)`);
//! `uint256` is its big-endian word; `uint32` and `address` are left-padded to a word; a nested
//! struct is its `hashStruct`; an array is `keccak256` of its elements' encodings concatenated.
//! Every `keccak256` takes the member slices in place (one `sol_keccak256` over several slices),
//! so nothing is copied except the 32-byte element hashes of a list.

use super::{
    error::OrderError,
    layout::{Fee, Input, InputPayment, InputRefund, List, Order, Output, OutputPayment, Decode, MAX_LIST_LEN},
};
use crate::attestation::Crypto;

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

/// `uint32` as its EIP-712 word.
#[inline(always)]
fn u32_word(value: u32) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[28..].copy_from_slice(&value.to_be_bytes());
    word
}

/// `keccak256` of the element hashes of `list`, each from `hash`. Never inlined: its stack
/// buffer (`MAX_LIST_LEN` words) then lives in its own frame, one per nesting level.
#[inline(never)]
fn hash_list<'a, T: Decode<'a>, C: Crypto>(
    list: &List<'a, T>,
    hash: impl Fn(&T) -> Result<[u8; 32], OrderError>,
) -> Result<[u8; 32], OrderError> {
    let mut words = [[0u8; 32]; MAX_LIST_LEN];
    let mut count = 0;
    for item in list.iter() {
        *words.get_mut(count).ok_or(OrderError::TooManyElements)? = hash(&item?)?;
        count += 1;
    }
    let used = words.get(..count).ok_or(OrderError::TooManyElements)?;
    Ok(C::keccak256(&[used.as_flattened()]))
}

#[inline(always)]
fn hash_bytes<C: Crypto>(bytes: &[u8]) -> [u8; 32] {
    C::keccak256(&[bytes])
}

pub fn hash_input_payment<C: Crypto>(p: &InputPayment<'_>) -> [u8; 32] {
    C::keccak256(&[&type_hash::INPUT_PAYMENT, &hash_bytes::<C>(p.chain_id), &hash_bytes::<C>(p.currency), p.amount, p.weight])
}

pub fn hash_input_refund<C: Crypto>(r: &InputRefund<'_>) -> [u8; 32] {
    C::keccak256(&[
        &type_hash::INPUT_REFUND,
        &hash_bytes::<C>(r.chain_id),
        &hash_bytes::<C>(r.recipient),
        &hash_bytes::<C>(r.currency),
        r.minimum_amount,
        &u32_word(r.deadline),
        &hash_bytes::<C>(r.extra_data),
    ])
}

pub fn hash_input<C: Crypto>(input: &Input<'_>) -> Result<[u8; 32], OrderError> {
    let refunds = hash_list::<_, C>(&input.refunds, |r| Ok(hash_input_refund::<C>(r)))?;
    Ok(C::keccak256(&[&type_hash::INPUT, &hash_input_payment::<C>(&input.payment), &refunds]))
}

pub fn hash_output_payment<C: Crypto>(p: &OutputPayment<'_>) -> [u8; 32] {
    C::keccak256(&[
        &type_hash::OUTPUT_PAYMENT,
        &hash_bytes::<C>(p.recipient),
        &hash_bytes::<C>(p.currency),
        p.minimum_amount,
        p.expected_amount,
    ])
}

pub fn hash_output<C: Crypto>(output: &Output<'_>) -> Result<[u8; 32], OrderError> {
    let payments = hash_list::<_, C>(&output.payments, |p| Ok(hash_output_payment::<C>(p)))?;
    let calls = hash_list::<_, C>(&output.calls, |call: &&[u8]| Ok(hash_bytes::<C>(call)))?;
    Ok(C::keccak256(&[
        &type_hash::OUTPUT,
        &hash_bytes::<C>(output.chain_id),
        &payments,
        &u32_word(output.deadline),
        &calls,
        &hash_bytes::<C>(output.extra_data),
    ]))
}

pub fn hash_fee<C: Crypto>(fee: &Fee<'_>) -> [u8; 32] {
    C::keccak256(&[
        &type_hash::FEE,
        &hash_bytes::<C>(fee.recipient_chain_id),
        &hash_bytes::<C>(fee.recipient),
        &hash_bytes::<C>(fee.currency_chain_id),
        &hash_bytes::<C>(fee.currency),
        fee.amount,
    ])
}

/// The order id, `hashStruct(Order)`. Fails with [`OrderError::UnsupportedOrderVersion`] for a
/// version other than `"v1"`.
pub fn order_id<C: Crypto>(order: &Order<'_>) -> Result<[u8; 32], OrderError> {
    if order.version != ORDER_VERSION_V1 {
        return Err(OrderError::UnsupportedOrderVersion);
    }
    let mut solver = [0u8; 32];
    solver[12..].copy_from_slice(order.solver);
    let inputs = hash_list::<_, C>(&order.inputs, hash_input::<C>)?;
    let output = hash_output::<C>(&order.output)?;
    let fees = hash_list::<_, C>(&order.fees, |f| Ok(hash_fee::<C>(f)))?;
    Ok(C::keccak256(&[
        &type_hash::ORDER,
        &hash_bytes::<C>(order.version),
        &hash_bytes::<C>(order.solver_chain_id),
        &solver,
        order.salt,
        &inputs,
        &output,
        &fees,
    ]))
}
