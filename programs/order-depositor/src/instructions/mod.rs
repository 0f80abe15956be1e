//! Instruction handlers. Instruction data is `sha256("global:<name>")[..8] || borsh(args)`
//! (Anchor layout, see `programs/idl/order_depositor.json`).

pub mod admin;
pub mod compute;
pub mod deposit;
pub mod initialize;
pub mod invalidate;
pub mod whitelist;

pub use attested_receiver::instructions::{fixed_args, read_bool};

/// Anchor-style discriminators, `sha256("global:<name>")[..8]`; the admin names are the
/// receiver's, so their discriminators are too.
pub mod discriminator {
    pub use attestkit_receiver_interface::instruction::discriminator::{
        ACCEPT_OWNERSHIP, INITIALIZE, ROTATE_SOLVER, SET_PAUSED, TRANSFER_OWNERSHIP, WHITELIST_ADD, WHITELIST_REMOVE,
    };
    pub const COMPUTE_ORDER_ID: [u8; 8] = [90, 186, 18, 100, 39, 18, 25, 35];
    pub const ORDER_DEPOSIT_NATIVE: [u8; 8] = [207, 218, 221, 193, 143, 31, 41, 53];
    pub const ORDER_DEPOSIT_TOKEN: [u8; 8] = [83, 117, 210, 139, 72, 138, 220, 201];
    pub const INVALIDATE_ORDERS: [u8; 8] = [68, 165, 205, 200, 153, 179, 233, 96];
    pub const SET_CALLS_ALLOWED: [u8; 8] = [33, 36, 69, 25, 119, 150, 70, 27];
}
