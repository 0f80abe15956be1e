//! Errors of order parsing and of the order-gated deposit, returned as `ProgramError::Custom`.
//! Codes start at 6100 so they never collide with [`crate::error::ReceiverError`] (6000 and up),
//! which the order-gated deposit also returns for the checks it shares with the receiver.
//!
//! WARNING: never renumber or reuse a code; append new variants at the end.

use pinocchio::error::ProgramError;

#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// The order bytes are not a Borsh `Order` (truncated, trailing bytes, bad length prefix).
    InvalidOrderEncoding = 6100,
    /// A list of the order holds more than `layout::MAX_LIST_LEN` elements.
    TooManyElements = 6101,
    /// No input of the order pays this chain (its payment `chainId` is not the configured one).
    InputChainNotFound = 6102,
    /// The input's payment currency is not what is paid (32 zero bytes for native, else the mint).
    InputCurrencyMismatch = 6103,
    /// The input's payment amount does not fit 64 bits.
    InputAmountTooLarge = 6104,
    /// The input's payment amount is zero.
    ZeroInputAmount = 6105,
    /// The depository's vault did not receive exactly the input's amount (e.g. a transfer fee).
    DepositedAmountMismatch = 6106,
    /// `output.deadline` has passed (`now > deadline`).
    OrderExpired = 6107,
    /// An output recipient is not on the whitelist (or its whitelist account is not the entry
    /// for `(output.chainId, recipient)`).
    RecipientNotWhitelisted = 6108,
    /// The order id was used before (its replay record exists).
    OrderAlreadyUsed = 6109,
    /// The account passed as the depository program is not the depository.
    InvalidDepositoryProgram = 6110,
    /// The number of whitelist accounts differs from the number of output payments.
    WhitelistAccountsMismatch = 6111,
    /// A protocol chain id longer than 32 bytes.
    ChainIdTooLong = 6112,
    /// The order's `version` is not one whose EIP-712 types this crate knows (`"v1"`).
    UnsupportedOrderVersion = 6113,
    /// The order names another solver than the one that signed it (`order.solver` is the solver
    /// with exclusive filling rights).
    OrderSolverMismatch = 6114,
    /// The order id was invalidated by the owner or the solver (`invalidate_orders`).
    OrderInvalidated = 6115,
    /// The payer is not the recipient of the paid input's refund on this chain: only the account
    /// the service would refund may pay the order (and use up its one-time record).
    PayerNotRefundRecipient = 6116,
    /// The paid input has no refund on this chain, so no payer is bound to the order.
    NoRefundOnThisChain = 6117,
    /// The order carries `output.calls` and the owner has not allowed orders with calls
    /// (`set_calls_allowed`): calls run on the destination chain and can send the output anywhere.
    OutputCallsNotAllowed = 6118,
}

impl OrderError {
    /// The error of a `Custom(code)`, `None` for a code outside this enum.
    pub const fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            6100 => Self::InvalidOrderEncoding,
            6101 => Self::TooManyElements,
            6102 => Self::InputChainNotFound,
            6103 => Self::InputCurrencyMismatch,
            6104 => Self::InputAmountTooLarge,
            6105 => Self::ZeroInputAmount,
            6106 => Self::DepositedAmountMismatch,
            6107 => Self::OrderExpired,
            6108 => Self::RecipientNotWhitelisted,
            6109 => Self::OrderAlreadyUsed,
            6110 => Self::InvalidDepositoryProgram,
            6111 => Self::WhitelistAccountsMismatch,
            6112 => Self::ChainIdTooLong,
            6113 => Self::UnsupportedOrderVersion,
            6114 => Self::OrderSolverMismatch,
            6115 => Self::OrderInvalidated,
            6116 => Self::PayerNotRefundRecipient,
            6117 => Self::NoRefundOnThisChain,
            6118 => Self::OutputCallsNotAllowed,
            _ => return None,
        })
    }
}

impl From<OrderError> for ProgramError {
    #[inline(always)]
    fn from(e: OrderError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
