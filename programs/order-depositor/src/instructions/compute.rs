//! `compute_order_id(order: Order) -> [u8; 32]`: the order id (EIP-712 `hashStruct(Order)`) as
//! return data, computed on chain exactly as the order-gated deposit does. No accounts; meant to
//! be simulated by clients (Anchor `.view()`, codama, `simulateTransaction`). A `"v2"` order (the
//! settlement SDK's next format, its Borsh bytes as `order::v2` lays them out) gets its v2 id; the
//! IDL types the argument as the v1 `Order`, so v2 bytes are sent raw.

use attestkit_receiver_interface::{
    crypto::Syscalls,
    order::{borsh::Reader, eip712::hash_order, v2},
};
use core::mem::MaybeUninit;
use pinocchio::{cpi::set_return_data, ProgramResult};

pub fn process(data: &[u8]) -> ProgramResult {
    // The version's last byte first (one load and compare): a v1 order goes straight on.
    if data.get(5) == Some(&v2::V2_BORSH[5]) && data.starts_with(&v2::V2_BORSH) {
        return process_v2(data);
    }
    // The id stays where the hash wrote it (returning it through a `Result` would copy it).
    let mut id = MaybeUninit::<[u8; 32]>::uninit();
    let mut reader = Reader::new(data);
    hash_order::<Syscalls, ()>(&mut reader, &mut (), &mut id)?;
    reader.finish()?;
    // SAFETY: written by `hash_order`, which returned Ok.
    set_return_data(unsafe { id.assume_init_ref() });
    Ok(())
}

/// A v2 order's id, in a frame of its own: v1's path keeps its code and registers as without it.
#[inline(never)]
fn process_v2(data: &[u8]) -> ProgramResult {
    set_return_data(&v2::order_id_from_borsh::<Syscalls>(data)?);
    Ok(())
}
