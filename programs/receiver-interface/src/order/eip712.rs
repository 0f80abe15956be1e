//! The order id: EIP-712 `hashStruct(Order)` with no domain separator, as the service and its
//! settlement SDK compute it (viem's `hashStruct`).
//!
//! Encoding rules used below: `string` and `bytes` members are hashed (`keccak256(value)`);
//! `uint256` is its big-endian word; `uint32` and `address` are left-padded to a word; a nested
//! struct is its `hashStruct`; an array is `keccak256` of its elements' encodings concatenated.
//! Every `keccak256` takes the member slices in place (one `sol_keccak256` over several slices)
//! and writes its hash straight into the buffer of the struct or list that hashes it next: the
//! member hashes of a struct sit side by side in one stack buffer hashed as one slice, so nothing
//! is copied and no hash is moved. The id is computed in one pass over the order's Borsh bytes,
//! reading and hashing each member once; an [`OrderVisitor`] sees the members a deposit checks
//! during that pass, so the deposit never parses the order twice.

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

/// [`ORDER_VERSION_V1`] as Borsh encodes the `version` member: its u32 length, then its bytes.
const V1_BORSH: [u8; 6] = [2, 0, 0, 0, ORDER_VERSION_V1[0], ORDER_VERSION_V1[1]];

/// `keccak256` of no bytes: the EIP-712 encoding of an empty `bytes` / `string` member and of an
/// empty array (host-tested).
pub const EMPTY_HASH: [u8; 32] = [
    197, 210, 70, 1, 134, 247, 35, 60, 146, 126, 125, 178, 220, 199, 3, 192,
    229, 0, 182, 83, 202, 130, 39, 59, 123, 250, 216, 4, 93, 133, 164, 112,
];

/// `keccak256("v1")`, the `version` member of every accepted order as EIP-712 encodes it
/// (host-tested).
pub const V1_VERSION_HASH: [u8; 32] = [
    9, 132, 213, 239, 212, 125, 153, 21, 26, 225, 190, 6, 90, 112, 158, 86,
    198, 2, 16, 47, 36, 193, 171, 196, 0, 142, 179, 248, 21, 168, 210, 23,
];

/// The `Order` type hash followed by [`V1_VERSION_HASH`]: the first two words every accepted
/// order hashes, one constant slice (the version's hash is never written at run time).
const ORDER_TYPE_AND_V1_VERSION: [u8; 64] = {
    let mut words = [0u8; 64];
    let mut i = 0;
    while i < 32 {
        words[i] = type_hash::ORDER[i];
        words[32 + i] = V1_VERSION_HASH[i];
        i += 1;
    }
    words
};

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

/// A 32-byte word not written yet: where a hash lands.
pub(super) type Slot = MaybeUninit<[u8; 32]>;

/// `N` words side by side, 8-aligned: the computed members of one struct (or the element hashes
/// of one list), each written in place by its hash and hashed together as one slice.
#[repr(C, align(8))]
pub(super) struct Words<const N: usize>(pub(super) [Slot; N]);

impl<const N: usize> Words<N> {
    #[inline(always)]
    pub(super) fn new() -> Self {
        Self([const { MaybeUninit::uninit() }; N])
    }

    /// The first `count` words as bytes.
    ///
    /// # Safety
    /// The first `count` words (`count <= N`) were written.
    #[inline(always)]
    unsafe fn written(&self, count: usize) -> &[u8] {
        // SAFETY: the caller's promise; `Slot` is 32 bytes with no padding.
        unsafe { core::slice::from_raw_parts(self.0.as_ptr() as *const u8, 32 * count) }
    }

    /// All `N` words as bytes.
    ///
    /// # Safety
    /// Every word was written.
    #[inline(always)]
    pub(super) unsafe fn all(&self) -> &[u8] {
        // SAFETY: the caller's promise.
        unsafe { self.written(N) }
    }
}

/// The members of an order a deposit checks, handed over while the id is hashed. Every method
/// defaults to nothing, so [`order_id_from_borsh`] (`()` as visitor) pays for none of it.
pub trait OrderVisitor<'a> {
    /// What the visitor may fail with (any order encoding error converts into it).
    type Error: From<OrderError>;

    /// `order.solver`.
    #[inline(always)]
    fn solver(&mut self, _solver: &'a [u8; 20]) {}

    /// Each `inputs[i].payment`, in order.
    #[inline(always)]
    fn input_payment(&mut self, _chain_id: &'a [u8], _currency: &'a [u8], _amount: &'a [u8; 32]) {}

    /// Each `inputs[i].refunds[j]`: its chain id and recipient, right after `inputs[i].payment`.
    #[inline(always)]
    fn input_refund(&mut self, _chain_id: &'a [u8], _recipient: &'a [u8]) {}

    /// `output.chainId`.
    #[inline(always)]
    fn output_chain_id(&mut self, _chain_id: &'a [u8]) {}

    /// `output.payments[index].recipient`, in order (`index < MAX_LIST_LEN`).
    #[inline(always)]
    fn output_recipient(&mut self, _index: usize, _recipient: &'a [u8]) {}

    /// `output.deadline` (after the payments).
    #[inline(always)]
    fn output_deadline(&mut self, _deadline: u32) {}

    /// Each element of `output.calls`, in order (never for an empty list).
    #[inline(always)]
    fn output_call(&mut self, _call: &'a [u8]) {}
}

impl OrderVisitor<'_> for () {
    type Error = OrderError;
}

/// `keccak256(parts)` into `out`.
#[inline(always)]
pub(super) fn keccak<C: Crypto>(parts: &[&[u8]], out: &mut Slot) {
    C::keccak256_into(parts, out);
}

/// `value` right-aligned in a zero word (`uint32`, `address`).
#[inline(always)]
pub(super) fn padded_word(value: &[u8], out: &mut Slot) {
    let word = out.write([0u8; 32]);
    word[32 - value.len()..].copy_from_slice(value);
}

/// `keccak256` of a `string` / `bytes` member that is rarely empty (chain ids, currencies,
/// recipients, calls) read from `r`, into `out`; returns the member. No test for an empty member:
/// the syscall hashes one to [`EMPTY_HASH`] too, and every other member is spared the test.
#[inline(always)]
pub(super) fn hash_member<'a, C: Crypto>(r: &mut Reader<'a>, out: &mut Slot) -> Result<&'a [u8], OrderError> {
    let bytes = r.bytes()?;
    keccak::<C>(&[bytes], out);
    Ok(bytes)
}

/// `keccak256` of a `string` / `bytes` member read from `r`, into `out`; returns the member. An
/// empty member (extra data, often) hashes to the constant [`EMPTY_HASH`]: no syscall.
#[inline(always)]
pub(super) fn hash_bytes<'a, C: Crypto>(r: &mut Reader<'a>, out: &mut Slot) -> Result<&'a [u8], OrderError> {
    let bytes = r.bytes()?;
    if bytes.is_empty() {
        out.write(EMPTY_HASH);
    } else {
        keccak::<C>(&[bytes], out);
    }
    Ok(bytes)
}

/// `keccak256` of the bytes of a `string` / `bytes` member, as a word to hash in place: the
/// constant [`EMPTY_HASH`] itself for an empty member (nothing is written: its slice descriptor
/// points at the constant), else `slot`, written by the hash.
#[inline(always)]
pub(super) fn hashed_bytes<'s, C: Crypto>(bytes: &[u8], slot: &'s mut Slot) -> &'s [u8; 32] {
    if bytes.is_empty() {
        return &EMPTY_HASH;
    }
    keccak::<C>(&[bytes], slot);
    // SAFETY: written by the hash above.
    unsafe { slot.assume_init_ref() }
}

/// [`hash_list`] as a word to hash in place: the constant [`EMPTY_HASH`] itself for an empty list
/// (nothing is written), else `slot`, written by the hash; with the cursor past the list.
#[inline(always)]
pub(super) fn hashed_list<'a, 's, C: Crypto, V: OrderVisitor<'a>>(
    r: Reader<'a>,
    v: &mut V,
    slot: &'s mut Slot,
    element: impl Fn(&mut Reader<'a>, &mut V, usize, &mut Slot) -> Result<(), V::Error>,
) -> Result<(Reader<'a>, &'s [u8; 32]), V::Error> {
    if let Some((count, rest)) = r.rest().split_first_chunk::<4>() {
        if u32::from_le_bytes(*count) == 0 {
            return Ok((Reader::new(rest), &EMPTY_HASH));
        }
    }
    let r = hash_elements::<C, V>(r, v, slot, element)?;
    // SAFETY: written by `hash_elements`, which returned Ok.
    Ok((r, unsafe { slot.assume_init_ref() }))
}

/// A Borsh `Vec` read from `r` as EIP-712 hashes it, into `out`; returns the cursor past the
/// list. An empty list (no calls, no fees, often) is recognised here, inlined in the caller: its
/// hash is the constant [`EMPTY_HASH`], with neither a call nor a syscall. The elements are hashed
/// by [`hash_elements`] in a frame of its own.
#[inline(always)]
pub(super) fn hash_list<'a, C: Crypto, V: OrderVisitor<'a>>(
    r: Reader<'a>,
    v: &mut V,
    out: &mut Slot,
    element: impl Fn(&mut Reader<'a>, &mut V, usize, &mut Slot) -> Result<(), V::Error>,
) -> Result<Reader<'a>, V::Error> {
    if let Some((count, rest)) = r.rest().split_first_chunk::<4>() {
        if u32::from_le_bytes(*count) == 0 {
            out.write(EMPTY_HASH);
            return Ok(Reader::new(rest));
        }
    }
    hash_elements::<C, V>(r, v, out, element)
}

/// [`hash_elements_inline`] in a frame of its own (the stack buffer of one nesting level).
#[inline(never)]
fn hash_elements<'a, C: Crypto, V: OrderVisitor<'a>>(
    r: Reader<'a>,
    v: &mut V,
    out: &mut Slot,
    element: impl Fn(&mut Reader<'a>, &mut V, usize, &mut Slot) -> Result<(), V::Error>,
) -> Result<Reader<'a>, V::Error> {
    hash_elements_inline::<C, V>(r, v, out, element)
}

/// A Borsh `Vec` read from `r` as EIP-712 hashes it, inlined in the caller: [`hash_counted`]
/// after its count.
#[inline(always)]
pub(super) fn hash_elements_inline<'a, C: Crypto, V: OrderVisitor<'a>>(
    mut r: Reader<'a>,
    v: &mut V,
    out: &mut Slot,
    element: impl Fn(&mut Reader<'a>, &mut V, usize, &mut Slot) -> Result<(), V::Error>,
) -> Result<Reader<'a>, V::Error> {
    let count = r.u32()?;
    hash_counted::<C, V>(count, r, v, out, element)
}

/// The `count` elements of a Borsh `Vec` whose count was read (the elements at the front of
/// `r`) as EIP-712 hashes them: `keccak256` of their hashes, each element read and hashed by
/// `element` straight into its slot of a stack buffer (`MAX_LIST_LEN` words, left
/// uninitialized: only the words written are read); returns the cursor past the list. The cursor
/// goes in and out by value so that no caller's cursor escapes: each stays in a register across
/// the syscalls.
#[inline(always)]
fn hash_counted<'a, C: Crypto, V: OrderVisitor<'a>>(
    count: u32,
    mut r: Reader<'a>,
    v: &mut V,
    out: &mut Slot,
    element: impl Fn(&mut Reader<'a>, &mut V, usize, &mut Slot) -> Result<(), V::Error>,
) -> Result<Reader<'a>, V::Error> {
    let count = count as usize;
    if count > MAX_LIST_LEN {
        return Err(OrderError::TooManyElements.into());
    }
    let mut words = Words::<MAX_LIST_LEN>::new();
    // An index loop (no iterator state): the index is the only loop variable kept across calls.
    let mut index = 0;
    while index < count {
        element(&mut r, v, index, &mut words.0[index])?;
        index += 1;
    }
    // SAFETY: the first `count` words were written above.
    keccak::<C>(&[unsafe { words.written(count) }], out);
    Ok(r)
}

/// `InputPayment`: `keccak(typeHash || h(chainId) || h(currency) || amount || weight)`; returns
/// the count of the input's refunds, which follows the payment.
fn hash_input_payment<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, out: &mut Slot) -> Result<u32, V::Error> {
    let mut m = Words::<2>::new();
    let w = &mut m.0;
    let chain_id = hash_member::<C>(r, &mut w[0])?;
    let currency = hash_member::<C>(r, &mut w[1])?;
    // `amount || weight`: adjacent in the Borsh bytes, hashed as one slice (one descriptor); read
    // with the count of the refunds that follow them behind one bounds check.
    let [amounts @ .., c0, c1, c2, c3] = r.array::<68>()?;
    v.input_payment(chain_id, currency, amounts.first_chunk::<32>().ok_or(OrderError::InvalidOrderEncoding)?);
    // SAFETY (every `all` below): each word of the buffer was written by a hash above.
    keccak::<C>(&[&type_hash::INPUT_PAYMENT, unsafe { m.all() }, amounts], out);
    Ok(u32::from_le_bytes([*c0, *c1, *c2, *c3]))
}

/// `InputRefund`: `typeHash || h(chainId) || h(recipient) || h(currency) || minimumAmount ||
/// uint32 deadline || h(extraData)`.
fn hash_input_refund<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, _index: usize, out: &mut Slot) -> Result<(), V::Error> {
    let (mut head, mut deadline, mut extra) = (Words::<3>::new(), MaybeUninit::uninit(), MaybeUninit::uninit());
    let h = &mut head.0;
    let chain_id = hash_member::<C>(r, &mut h[0])?;
    let recipient = hash_member::<C>(r, &mut h[1])?;
    v.input_refund(chain_id, recipient);
    hash_member::<C>(r, &mut h[2])?;
    // `minimumAmount || uint32 deadline || extraData's length`, fixed-size: one bounds check.
    let [minimum_amount @ .., d0, d1, d2, d3, l0, l1, l2, l3] = r.array::<40>()?;
    padded_word(&u32::from_le_bytes([*d0, *d1, *d2, *d3]).to_be_bytes(), &mut deadline);
    // Empty in most orders: a slice of its own, pointing at the constant hash of nothing.
    let extra = hashed_bytes::<C>(r.take(u32::from_le_bytes([*l0, *l1, *l2, *l3]) as usize)?, &mut extra);
    // SAFETY: every word of `head`, and `deadline`, were written above.
    let deadline = unsafe { deadline.assume_init_ref() };
    keccak::<C>(&[&type_hash::INPUT_REFUND, unsafe { head.all() }, minimum_amount, deadline, extra], out);
    Ok(())
}

/// `Input`: `typeHash || hashStruct(payment) || h(refunds)`.
fn hash_input<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, _index: usize, out: &mut Slot) -> Result<(), V::Error> {
    let mut m = Words::<2>::new();
    let w = &mut m.0;
    let refunds = hash_input_payment::<C, V>(r, v, &mut w[0])?;
    // Inlined: the refunds' buffer shares the frame of the inputs' list.
    *r = hash_counted::<C, V>(refunds, *r, v, &mut w[1], hash_input_refund::<C, V>)?;
    keccak::<C>(&[&type_hash::INPUT, unsafe { m.all() }], out);
    Ok(())
}

/// `OutputPayment`: `typeHash || h(recipient) || h(currency) || minimumAmount || expectedAmount`.
fn hash_output_payment<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, index: usize, out: &mut Slot) -> Result<(), V::Error> {
    let mut m = Words::<2>::new();
    let w = &mut m.0;
    let recipient = hash_member::<C>(r, &mut w[0])?;
    hash_member::<C>(r, &mut w[1])?;
    // `minimumAmount || expectedAmount`: adjacent, one slice.
    let amounts = r.array::<64>()?;
    v.output_recipient(index, recipient);
    keccak::<C>(&[&type_hash::OUTPUT_PAYMENT, unsafe { m.all() }, amounts], out);
    Ok(())
}

/// A `bytes` element of `output.calls`.
pub(super) fn hash_call<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, _index: usize, out: &mut Slot) -> Result<(), V::Error> {
    v.output_call(hash_member::<C>(r, out)?);
    Ok(())
}

/// `Output`: `typeHash || h(chainId) || h(payments) || uint32 deadline || h(calls) || h(extraData)`.
/// `calls` and `extraData`, empty in most orders, are slices of their own that point at the
/// constant hash of nothing rather than copies of it.
fn hash_output<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, v: &mut V, out: &mut Slot) -> Result<(), V::Error> {
    let (mut m, mut calls, mut extra) = (Words::<3>::new(), MaybeUninit::uninit(), MaybeUninit::uninit());
    let w = &mut m.0;
    let chain_id = hash_member::<C>(r, &mut w[0])?;
    v.output_chain_id(chain_id);
    *r = hash_elements_inline::<C, V>(*r, v, &mut w[1], hash_output_payment::<C, V>)?;
    let deadline = r.u32()?;
    v.output_deadline(deadline);
    padded_word(&deadline.to_be_bytes(), &mut w[2]);
    let (rest, calls) = hashed_list::<C, V>(*r, v, &mut calls, hash_call::<C, V>)?;
    *r = rest;
    let extra = hashed_bytes::<C>(r.bytes()?, &mut extra);
    keccak::<C>(&[&type_hash::OUTPUT, unsafe { m.all() }, calls, extra], out);
    Ok(())
}

/// `Fee`: `typeHash || h(recipientChainId) || h(recipient) || h(currencyChainId) || h(currency) || amount`.
pub(super) fn hash_fee<'a, C: Crypto, V: OrderVisitor<'a>>(r: &mut Reader<'a>, _v: &mut V, _index: usize, out: &mut Slot) -> Result<(), V::Error> {
    let mut m = Words::<4>::new();
    let w = &mut m.0;
    for word in w.iter_mut() {
        hash_member::<C>(r, word)?;
    }
    let amount = r.array::<32>()?;
    keccak::<C>(&[&type_hash::FEE, unsafe { m.all() }, amount], out);
    Ok(())
}

/// The order id of the `Order` at the front of `r`, written to `id`, in one pass, showing
/// `visitor` the members a deposit checks; `r` is left just past the order (the instruction's
/// other arguments follow).
/// Fails like [`Order::parse`] on malformed bytes and with
/// [`OrderError::UnsupportedOrderVersion`] for a version other than `"v1"`.
pub fn hash_order<'a, C: Crypto, V: OrderVisitor<'a>>(
    cursor: &mut Reader<'a>,
    visitor: &mut V,
    id: &mut MaybeUninit<[u8; 32]>,
) -> Result<(), V::Error> {
    let mut local = *cursor;
    let r = &mut local;
    // The version as its Borsh bytes (length 2, then "v1"), compared in one go; anything else is
    // malformed or another version, told apart as reading it tells.
    match r.rest().split_first_chunk::<6>() {
        Some((version, rest)) if *version == V1_BORSH => *r = Reader::new(rest),
        _ => {
            r.bytes()?;
            return Err(OrderError::UnsupportedOrderVersion.into());
        }
    }
    // type hash and version (the only one accepted hashes to a constant: no syscall, one
    // constant slice) | solverChainId, solver | salt (borrowed in place) | inputs, output, fees.
    let (mut head, mut tail, mut fees) = (Words::<2>::new(), Words::<2>::new(), MaybeUninit::uninit());
    let (h, t) = (&mut head.0, &mut tail.0);
    hash_member::<C>(r, &mut h[0])?;
    // `solver || salt`, fixed-size: one bounds check.
    let solver_and_salt = r.array::<52>()?;
    let solver = solver_and_salt.first_chunk::<20>().ok_or(OrderError::InvalidOrderEncoding)?;
    visitor.solver(solver);
    padded_word(solver, &mut h[1]);
    let salt = solver_and_salt.last_chunk::<32>().ok_or(OrderError::InvalidOrderEncoding)?;
    // Never empty in a payable order: no test for the empty list (an empty one hashes right, by
    // the syscall). In line: the inputs', refunds' and payments' buffers share this frame (3 KiB
    // of SBF's 4), which spares the call and the cursor's return through memory.
    *r = hash_elements_inline::<C, V>(*r, visitor, &mut t[0], hash_input::<C, V>)?;
    hash_output::<C, V>(r, visitor, &mut t[1])?;
    // No fees in most orders: a slice of its own, pointing at the constant hash of nothing.
    let (rest, fees) = hashed_list::<C, V>(*r, visitor, &mut fees, hash_fee::<C, V>)?;
    *r = rest;
    // SAFETY: every word of `head` and `tail` was written above.
    keccak::<C>(&[&ORDER_TYPE_AND_V1_VERSION, unsafe { head.all() }, salt, unsafe { tail.all() }, fees], id);
    *cursor = local;
    Ok(())
}

/// The order id of the Borsh bytes of an `Order` (exactly filled), in one pass: what
/// `compute_order_id` runs. Fails like [`Order::parse`] on malformed bytes and with
/// [`OrderError::UnsupportedOrderVersion`] for a version other than `"v1"`.
pub fn order_id_from_borsh<C: Crypto>(bytes: &[u8]) -> Result<[u8; 32], OrderError> {
    let mut id = MaybeUninit::uninit();
    let mut r = Reader::new(bytes);
    hash_order::<C, ()>(&mut r, &mut (), &mut id)?;
    r.finish()?;
    // SAFETY: written by `hash_order`, which returned Ok.
    Ok(unsafe { id.assume_init() })
}

/// The order id, `hashStruct(Order)`, of a parsed order (hashed from its bytes in one pass).
#[inline(always)]
pub fn order_id<C: Crypto>(order: &Order<'_>) -> Result<[u8; 32], OrderError> {
    order_id_from_borsh::<C>(order.encoded)
}
