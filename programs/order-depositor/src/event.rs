//! `OrderDeposited`, logged with `sol_log_data` as `discriminator || borsh(fields)` like Anchor's
//! `emit!`, after the depository's own `DepositEvent`; `CallsAllowedSet`, logged by
//! `set_calls_allowed`.

use attestkit_receiver_interface::event::log_data;

/// The bytes of a `repr(C)` event made of `u8` arrays only.
#[inline(always)]
fn bytes_of<T>(event: &T) -> &[u8] {
    // SAFETY: callers pass repr(C) structs of u8 arrays: initialized bytes, alignment 1.
    unsafe { core::slice::from_raw_parts(event as *const T as *const u8, core::mem::size_of::<T>()) }
}

/// `sha256("event:OrderDeposited")[..8]`.
pub const ORDER_DEPOSITED_DISCRIMINATOR: [u8; 8] = [59, 59, 39, 186, 75, 148, 155, 94];

/// Every field of an order-gated deposit, in IDL order (132 bytes).
#[repr(C)]
pub struct OrderDeposited {
    pub discriminator: [u8; 8],
    pub order_id: [u8; 32],
    /// The payer, credited as the depositor.
    pub payer: [u8; 32],
    /// The mint paid, 32 zero bytes for native.
    pub currency: [u8; 32],
    /// What the depository's vault received (u64 LE), the order input's amount.
    pub amount: [u8; 8],
    /// The solver EVM address that signed the order.
    pub signer: [u8; 20],
}

impl OrderDeposited {
    #[inline(always)]
    pub fn emit(&self) {
        log_data(bytes_of(self));
    }
}

/// `sha256("event:CallsAllowedSet")[..8]`.
pub const CALLS_ALLOWED_SET_DISCRIMINATOR: [u8; 8] = [161, 250, 113, 65, 218, 140, 104, 3];

/// The owner allowed (`allowed = 1`) or refused (0) orders with `output.calls` (9 bytes).
#[repr(C)]
pub struct CallsAllowedSet {
    pub discriminator: [u8; 8],
    /// Borsh `bool`.
    pub allowed: u8,
}

impl CallsAllowedSet {
    #[inline(always)]
    pub fn emit(&self) {
        log_data(bytes_of(self));
    }
}

/// `sha256("event:OrderInvalidated")[..8]`: an order id `invalidate_orders` made unpayable,
/// logged in the receiver's `RequestInvalidated` layout (discriminator, order id, by: the
/// transaction's authority).
pub const ORDER_INVALIDATED_DISCRIMINATOR: [u8; 8] = [26, 166, 205, 92, 159, 178, 167, 165];

/// `sha256("event:OrderInvalidationTooLate")[..8]`: `invalidate_orders` named an order id a
/// deposit had already paid (same layout as [`ORDER_INVALIDATED_DISCRIMINATOR`]).
pub const ORDER_INVALIDATION_TOO_LATE_DISCRIMINATOR: [u8; 8] = [33, 250, 232, 237, 136, 68, 244, 11];
