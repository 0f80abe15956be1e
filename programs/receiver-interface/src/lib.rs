//! `attestkit_receiver_interface`: everything a client or another SVM program needs to talk to
//! the attestkit receiver program or to verify a solver attestation itself, without the program's
//! entrypoint (the split of SPL's p-token `interface` / `program` crates).
//!
//! [`verify`] (recover-and-compare, what an integrator's program calls), [`attestation`] (ABI
//! encoding, EIP-191 digest, strict signature parsing and recovery), [`crypto`] (the runtime's
//! `sol_keccak256` / `sol_secp256k1_recover` syscalls on SBF; `host::Host` with the `host`
//! feature), [`address`] (EVM / SVM address words), [`state`] (account layouts and PDA seeds;
//! `state::paid_request::replay_status` reads the receiver's record of a request id), [`pda`]
//! (request-id PDAs with their canonical bump, for your own replay records),
//! [`instruction`] (discriminators and instruction data), [`event`], [`error`], [`words`] (byte
//! strings compared a word at a time).
//! `no_std`, nothing allocates.
//!
//! ```text
//! use attestkit_receiver_interface::{crypto::Syscalls, verify::verify_encoded_attestation};
//! verify_encoded_attestation::<Syscalls>(&encoded, signature, &trusted_solver)?;
//! ```
#![no_std]

pub mod address;
pub mod attestation;
pub mod crypto;
pub mod error;
pub mod event;
#[cfg(feature = "host")]
pub mod host;
pub mod instruction;
#[cfg(any(target_os = "solana", target_arch = "bpf", feature = "host"))]
pub mod pda;
pub mod order;
#[cfg(all(feature = "sbf-panic-handler", any(target_os = "solana", target_arch = "bpf")))]
mod panic_handler;
pub mod state;
pub mod verify;
pub mod words;
