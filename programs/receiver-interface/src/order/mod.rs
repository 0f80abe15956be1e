//! Protocol orders: the service's signed `Order` (what `POST /quote/v2` returns under
//! `protocol.v2.orderData` with `includeProtocolData: true`), its id and the solver's signature,
//! checked inside an SVM program.
//!
//! - [`layout`]: the order as the Borsh bytes of an instruction argument (the IDL's `Order`
//!   type), read in place: no copy, no allocation.
//! - [`eip712`]: the order id, EIP-712 `hashStruct(Order)` without a domain separator, hashed
//!   with `sol_keccak256` on chain (or `host::Host`).
//! - [`v2`]: the id of a `"v2"` order (the settlement SDK's next format), beside v1's.
//! - [`signature`]: the solver's EIP-191 signature over the 32 raw bytes of the id, parsed as
//!   strictly as the attestation's (same code).
//! - [`depository`]: the depository program's public interface (program id, instruction data,
//!   PDA seeds, the `DepositEvent` log) that an order-gated deposit pays into.
//! - [`deposit_address`]: strict deposit addresses (PDA seeds, `sweep` data) swept into the
//!   depository.
//! - [`invalidation`]: what the solver signs to invalidate order ids (`invalidate_orders`).
//! - [`error`]: [`error::OrderError`], codes 6100 and up.
//!
//! ```text
//! use attestkit_receiver_interface::{crypto::Syscalls, order::{eip712::order_id, layout::Order, signature::order_signer}};
//! let order = Order::parse(order_bytes)?;
//! let id = order_id::<Syscalls>(&order)?;
//! let signer = order_signer::<Syscalls>(&id, signature)?;
//! ```

pub mod borsh;
pub mod depository;
pub mod deposit_address;
pub mod eip712;
pub mod error;
pub mod invalidation;
pub mod layout;
pub mod signature;
pub mod v2;
