//! Errors of the depository. Where the service's depository has the same failure, the code is
//! the same (its Anchor `CustomError` numbering: 6001 `InvalidMint`, 6002 `InvalidTokenProgram`,
//! 6010 `InvalidVaultTokenAccount`, 6012 `InvalidVaultAddress`; Anchor's 101 for an unknown
//! instruction, 102 for undecodable arguments); the rest start at 6100.

use pinocchio::error::ProgramError;

#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepositoryError {
    /// The discriminator is not one of this program's (Anchor `InstructionFallbackNotFound`).
    UnknownInstruction = 101,
    /// The arguments do not decode (Anchor `InstructionDidNotDeserialize`).
    InvalidInstructionData = 102,
    /// The mint is not an initialized mint owned by the token program.
    InvalidMint = 6001,
    /// The token program is neither SPL Token nor Token-2022.
    InvalidTokenProgram = 6002,
    /// The vault token account is not a token account of the mint owned by the vault.
    InvalidVaultTokenAccount = 6010,
    /// The vault is not the PDA `["vault", vault_bump]`.
    InvalidVaultAddress = 6012,
    /// Fewer accounts than the instruction needs.
    NotEnoughAccounts = 6100,
    /// The sender (or the owner of `initialize`) did not sign.
    MissingSigner = 6101,
    /// An account that must be writable is not.
    AccountNotWritable = 6102,
    /// The system program account is not the system program.
    InvalidSystemProgram = 6103,
    /// The associated token program account is not the associated token program.
    InvalidAssociatedTokenProgram = 6104,
    /// The relay_depository account is not this program's initialized configuration.
    InvalidDepositoryAccount = 6105,
    /// `initialize` ran before.
    AlreadyInitialized = 6106,
    /// `initialize` got an account that is not the PDA of its seed.
    InvalidPdaAddress = 6107,
    /// A token amount that does not fit 64 bits, or a vault balance that went down.
    ArithmeticOverflow = 6108,
}

impl From<DepositoryError> for ProgramError {
    #[inline(always)]
    fn from(e: DepositoryError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
