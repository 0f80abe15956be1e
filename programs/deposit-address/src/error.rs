//! Errors of the deposit-address program. `InsufficientBalance` (6000) and
//! `MissingTokenAccounts` (6002) keep the codes the service's deposit-address program gives the
//! same failures (Anchor numbering; 101 / 102 Anchor's own for an unknown instruction and
//! undecodable arguments); the rest start at 6100.

use pinocchio::error::ProgramError;

#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepositAddressError {
    /// The discriminator is not `sweep`'s.
    UnknownInstruction = 101,
    /// The data is not `id (32) || mint (32)`.
    InvalidInstructionData = 102,
    /// The deposit address holds nothing to sweep (no lamports; no token account or an empty one).
    InsufficientBalance = 6000,
    /// A token sweep without its five token accounts.
    MissingTokenAccounts = 6002,
    /// Fewer accounts than a native sweep needs.
    NotEnoughAccounts = 6100,
    /// The sweeper did not sign.
    MissingSigner = 6101,
    /// An account that must be writable is not.
    AccountNotWritable = 6102,
    /// The system program account is not the system program.
    InvalidSystemProgram = 6103,
    /// The associated token program account is not the associated token program.
    InvalidAssociatedTokenProgram = 6104,
    /// The depository program account is not the depository.
    InvalidDepositoryProgram = 6105,
    /// The deposit address is not the PDA of `["deposit_address", id, mint, depositor]`.
    InvalidDepositAddress = 6106,
    /// The mint account is not the `mint` argument, or not a mint of the token program.
    InvalidMint = 6107,
    /// The token program is neither SPL Token nor Token-2022.
    InvalidTokenProgram = 6108,
    /// The source is not a token account of the mint owned by the deposit address.
    InvalidDepositAddressTokenAccount = 6109,
    /// The vault token account is neither the vault's associated token account (when missing)
    /// nor a token account of the mint owned by the vault.
    InvalidVaultTokenAccount = 6110,
    /// The source and the vault token account are the same account.
    DuplicateAccount = 6111,
}

impl From<DepositAddressError> for ProgramError {
    #[inline(always)]
    fn from(e: DepositAddressError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
