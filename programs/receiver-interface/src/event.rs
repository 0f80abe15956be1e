//! The `Deposited` event, logged with `sol_log_data` as one slice `discriminator || borsh(fields)`
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
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        {
            let bytes: &[u8] =
                // SAFETY: repr(C) of u8 arrays: DEPOSITED_LEN initialized bytes, alignment 1.
                unsafe { core::slice::from_raw_parts(self as *const Self as *const u8, DEPOSITED_LEN) };
            let slices: [&[u8]; 1] = [bytes];
            // SAFETY: one (ptr, len) pair describing `bytes`.
            unsafe { pinocchio::syscalls::sol_log_data(slices.as_ptr() as *const u8, 1) };
        }
    }
}
