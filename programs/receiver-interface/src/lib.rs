//! `attestkit_receiver_interface`: everything a client or another SVM program needs to talk to
//! the attestkit receiver program or to verify a solver attestation itself, without the program's
//! entrypoint (the split of SPL's p-token `interface` / `program` crates).
//!
//! [`attestation`] (ABI encoding, EIP-191 digest, strict signature parsing and recovery),
//! [`crypto`] (the runtime's keccak256 / secp256k1 syscalls), [`state`] (account layouts and PDA
//! seeds), [`event`], [`error`]. `no_std`, nothing allocates.
#![no_std]

pub mod attestation;
pub mod crypto;
pub mod error;
pub mod event;
pub mod state;
