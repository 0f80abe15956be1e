//! The `Deposited`, `RequestInvalidated` and `InvalidationTooLate` events, each logged with `sol_log_data` as one slice `discriminator || borsh(fields)`
//! exactly like Anchor's `emit!`, so Anchor's `EventParser` / `BorshEventCoder` decode
//! the `Program data:` log line with the IDL.

/// `sha256("event:Deposited")[..8]`.
pub const DEPOSITED_DISCRIMINATOR: [u8; 8] = [111, 141, 26, 45, 161, 35, 100, 57];

/// Every field of a deposit, in IDL order (Borsh: fixed arrays raw, integers LE).
#[repr(C)]
pub struct Deposited {
    pub discriminator: [u8; 8],
    pub request_id: [u8; 32],
    pub origin_chain_id: [u8; 8],
    pub payer: [u8; 32],
    pub currency: [u8; 32],
    pub amount: [u8; 8],
    pub destination_chain_id: [u8; 8],
    pub destination_user: [u8; 32],
    pub deadline: [u8; 8],
    pub solver: [u8; 32],
    pub recipient: [u8; 32],
    pub signer: [u8; 20],
}

/// Size of the logged event (252 bytes).
pub const DEPOSITED_LEN: usize = core::mem::size_of::<Deposited>();

impl Deposited {
    /// Logs the event (one `sol_log_data` slice).
    #[inline(always)]
    pub fn emit(&self) {
        // SAFETY: repr(C) of u8 arrays: DEPOSITED_LEN initialized bytes, alignment 1.
        log_data(unsafe { core::slice::from_raw_parts(self as *const Self as *const u8, DEPOSITED_LEN) });
    }
}

/// `sha256("event:RequestInvalidated")[..8]`.
pub const REQUEST_INVALIDATED_DISCRIMINATOR: [u8; 8] = [27, 194, 13, 146, 90, 145, 166, 91];

/// One request id invalidated by `invalidate_requests` (72 bytes), logged with
/// [`REQUEST_INVALIDATED_DISCRIMINATOR`]; also the layout of [`InvalidationTooLate`].
#[repr(C)]
pub struct RequestInvalidated {
    pub discriminator: [u8; 8],
    pub request_id: [u8; 32],
    /// The owner or the solver that signed.
    pub by: [u8; 32],
}

impl RequestInvalidated {
    /// Logs the event (one `sol_log_data` slice).
    #[inline(always)]
    pub fn emit(&self) {
        // SAFETY: repr(C) of u8 arrays, alignment 1.
        log_data(unsafe {
            core::slice::from_raw_parts(self as *const Self as *const u8, core::mem::size_of::<Self>())
        });
    }
}

/// `sha256("event:InvalidationTooLate")[..8]`.
pub const INVALIDATION_TOO_LATE_DISCRIMINATOR: [u8; 8] = [52, 195, 28, 255, 202, 140, 203, 44];

/// `invalidate_requests` named a request id a deposit had already paid: the invalidation lost the
/// race, the quote stays paid and the solver must fill it. Same fields as [`RequestInvalidated`]
/// (72 bytes), logged with [`INVALIDATION_TOO_LATE_DISCRIMINATOR`].
pub type InvalidationTooLate = RequestInvalidated;

/// `sol_log_data` of one slice (the `Program data:` line Anchor's event parser reads).
#[inline(always)]
pub fn log_data(bytes: &[u8]) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        let slices: [&[u8]; 1] = [bytes];
        // SAFETY: one (ptr, len) pair describing `bytes`.
        unsafe { pinocchio::syscalls::sol_log_data(slices.as_ptr() as *const u8, 1) };
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = bytes;
}
