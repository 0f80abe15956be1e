//! Custom errors. Every failure the program detects has its own code; the numbers are stable
//! (they are part of the IDL, `programs/idl/attested_receiver.json`, and of client code) and start
//! at 6000 like Anchor's user errors, so `@coral-xyz/anchor` maps them by code.
//!
//! WARNING: never renumber or reuse a code; append new variants at the end.

use pinocchio::error::ProgramError;

/// Errors of the attested receiver, returned as `ProgramError::Custom(code)`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReceiverError {
    /// The instruction discriminator is not one of this program's.
    UnknownInstruction = 6000,
    /// The instruction data is shorter/longer than its layout or a field is malformed.
    InvalidInstructionData = 6001,
    /// The receiver is paused; deposits are refused.
    Paused = 6002,
    /// The signature is neither 65 bytes (`r || s || v`) nor 64 bytes (EIP-2098 `r || vs`).
    InvalidSignatureLength = 6003,
    /// `v` of a 65-byte signature is not 27 or 28 (bad recovery id).
    InvalidSignatureV = 6004,
    /// `s` is zero or in the upper half of the curve order (malleable high-s twin).
    InvalidSignatureS = 6005,
    /// secp256k1 recovery failed (`r` zero or not on the curve) or recovered the zero address.
    InvalidSignature = 6006,
    /// The recovered signer is neither the current solver nor the previous one within its grace window.
    SignerMismatch = 6007,
    /// The attested `originChainId` is not 792703809 (this SVM chain).
    OriginChainMismatch = 6008,
    /// The attested `originUser` is not the payer (the transaction's signing payer account).
    PayerMismatch = 6009,
    /// The attested `originCurrency` is not the mint paid (32 zero bytes for native).
    CurrencyMismatch = 6010,
    /// The attested amount is zero.
    ZeroAmount = 6011,
    /// The amount the payer pays (`amount`) differs from the attested `originAmount`.
    AmountMismatch = 6012,
    /// The solver's token account did not receive exactly the attested amount (e.g. a Token-2022
    /// transfer fee was withheld).
    DeliveredAmountMismatch = 6013,
    /// `deadline` is in the past (`now > deadline`).
    DeadlineExpired = 6014,
    /// `deadline` is further ahead than the configured maximum window.
    DeadlineBeyondMaxWindow = 6015,
    /// The whitelist account is not the entry for the attested `(destinationChainId, destinationUser)`.
    DestinationNotWhitelisted = 6016,
    /// The request id was already paid (its replay record exists).
    RequestAlreadyPaid = 6017,
    /// An account that must sign did not.
    MissingSigner = 6018,
    /// An account is not owned by the program that must own it.
    InvalidAccountOwner = 6019,
    /// A program-owned account does not carry the expected 8-byte discriminator or size (type cosplay).
    InvalidAccountDiscriminator = 6020,
    /// `initialize` on a program whose config exists already.
    AlreadyInitialized = 6021,
    /// The account is not the PDA of its seeds and supplied bump.
    InvalidPdaAddress = 6022,
    /// The supplied bump derives a valid PDA but a higher bump does too (not the canonical bump).
    NonCanonicalBump = 6023,
    /// The account passed as the system program is not `11111111111111111111111111111111`.
    InvalidSystemProgram = 6024,
    /// The account passed as the token program is neither SPL Token nor Token-2022.
    InvalidTokenProgram = 6025,
    /// The same account was passed in two roles that must differ.
    DuplicateAccount = 6026,
    /// The signer is not the owner of the receiver.
    Unauthorized = 6027,
    /// The signer is not the pending owner.
    NotPendingOwner = 6028,
    /// The account receiving the deposit is not the solver's (native: the solver account; token:
    /// a token account of the mint owned by the solver).
    InvalidSolverAccount = 6029,
    /// The token account is not an initialized token account of the mint.
    InvalidTokenAccount = 6030,
    /// The mint is not an initialized mint of the token program.
    InvalidMint = 6031,
    /// A solver EVM address or SVM account of all zeros.
    ZeroSolver = 6032,
    /// The program-data account is not this program's, or the signer is not its upgrade authority.
    InvalidProgramData = 6033,
    /// An account that must be writable is not.
    AccountNotWritable = 6034,
    /// The maximum deadline window or the grace period is negative or zero where it must be positive.
    InvalidWindow = 6035,
    /// The whitelist entry exists already.
    WhitelistEntryExists = 6036,
    /// Fewer accounts than the instruction needs.
    NotEnoughAccounts = 6037,
    /// A lamport or token amount sum does not fit 64 bits (e.g. rent + a native amount near
    /// 2^64 - 1); refused before anything is transferred or logged.
    ArithmeticOverflow = 6038,
    /// The request id was invalidated by the owner or the solver (its replay record says so).
    RequestInvalidated = 6039,
    /// The signer is neither the owner nor the configured solver (`invalidate_requests`).
    NotOwnerOrSolver = 6040,
    /// The Token-2022 mint has a permanent delegate, which could take the deposit back from the
    /// solver's token account.
    MintHasPermanentDelegate = 6041,
    /// The Token-2022 mint has a transfer hook program; hook mints are not supported.
    MintHasTransferHook = 6042,
    /// The payer's Token-2022 account has CPI Guard on, which forbids the program's transfer;
    /// disable it for the deposit (same transaction) or pay from another account.
    PayerTokenCpiGuard = 6043,
    /// `invalidate_requests` with no request id, or the replay accounts do not match the ids.
    InvalidRequestBatch = 6044,
    /// `rotate_solver` with a grace period longer than `MAX_GRACE_PERIOD` (30 days).
    GracePeriodTooLong = 6045,
}

impl ReceiverError {
    /// The error of a `Custom(code)` returned by the program, `None` for another program's code.
    pub const fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            6000 => Self::UnknownInstruction,
            6001 => Self::InvalidInstructionData,
            6002 => Self::Paused,
            6003 => Self::InvalidSignatureLength,
            6004 => Self::InvalidSignatureV,
            6005 => Self::InvalidSignatureS,
            6006 => Self::InvalidSignature,
            6007 => Self::SignerMismatch,
            6008 => Self::OriginChainMismatch,
            6009 => Self::PayerMismatch,
            6010 => Self::CurrencyMismatch,
            6011 => Self::ZeroAmount,
            6012 => Self::AmountMismatch,
            6013 => Self::DeliveredAmountMismatch,
            6014 => Self::DeadlineExpired,
            6015 => Self::DeadlineBeyondMaxWindow,
            6016 => Self::DestinationNotWhitelisted,
            6017 => Self::RequestAlreadyPaid,
            6018 => Self::MissingSigner,
            6019 => Self::InvalidAccountOwner,
            6020 => Self::InvalidAccountDiscriminator,
            6021 => Self::AlreadyInitialized,
            6022 => Self::InvalidPdaAddress,
            6023 => Self::NonCanonicalBump,
            6024 => Self::InvalidSystemProgram,
            6025 => Self::InvalidTokenProgram,
            6026 => Self::DuplicateAccount,
            6027 => Self::Unauthorized,
            6028 => Self::NotPendingOwner,
            6029 => Self::InvalidSolverAccount,
            6030 => Self::InvalidTokenAccount,
            6031 => Self::InvalidMint,
            6032 => Self::ZeroSolver,
            6033 => Self::InvalidProgramData,
            6034 => Self::AccountNotWritable,
            6035 => Self::InvalidWindow,
            6036 => Self::WhitelistEntryExists,
            6037 => Self::NotEnoughAccounts,
            6038 => Self::ArithmeticOverflow,
            6039 => Self::RequestInvalidated,
            6040 => Self::NotOwnerOrSolver,
            6041 => Self::MintHasPermanentDelegate,
            6042 => Self::MintHasTransferHook,
            6043 => Self::PayerTokenCpiGuard,
            6044 => Self::InvalidRequestBatch,
            6045 => Self::GracePeriodTooLong,
            _ => return None,
        })
    }
}

impl From<ReceiverError> for ProgramError {
    #[inline(always)]
    fn from(e: ReceiverError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
