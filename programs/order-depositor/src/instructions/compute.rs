//! `compute_order_id(order: Order) -> [u8; 32]`: the order id (EIP-712 `hashStruct(Order)`) as
//! return data, computed on chain exactly as the order-gated deposit does. No accounts; meant to
//! be simulated by clients (Anchor `.view()`, codama, `simulateTransaction`).

use attestkit_receiver_interface::{crypto::Syscalls, order::eip712::order_id_from_borsh};
use pinocchio::{cpi::set_return_data, ProgramResult};

pub fn process(data: &[u8]) -> ProgramResult {
    set_return_data(&order_id_from_borsh::<Syscalls>(data)?);
    Ok(())
}
