//! `compute_order_id(order: Order) -> [u8; 32]`: the order id (EIP-712 `hashStruct(Order)`) as
//! return data, computed on chain exactly as the order-gated deposit does. No accounts; meant to
//! be simulated by clients (Anchor `.view()`, codama, `simulateTransaction`).

use attestkit_receiver_interface::{
    crypto::Syscalls,
    order::{borsh::Reader, eip712::hash_order},
};
use core::mem::MaybeUninit;
use pinocchio::{cpi::set_return_data, ProgramResult};

pub fn process(data: &[u8]) -> ProgramResult {
    // The id stays where the hash wrote it (returning it through a `Result` would copy it).
    let mut id = MaybeUninit::<[u8; 32]>::uninit();
    let mut reader = Reader::new(data);
    hash_order::<Syscalls, ()>(&mut reader, &mut (), &mut id)?;
    reader.finish()?;
    // SAFETY: written by `hash_order`, which returned Ok.
    set_return_data(unsafe { id.assume_init_ref() });
    Ok(())
}
