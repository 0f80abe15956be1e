//! What this program trusts, fixed at build time: edit these for your deployment (a program
//! upgrade then rotates them). Keeping them in the binary leaves nothing to initialize, so no
//! one can front-run an initialization with their own solver.

use pinocchio::Address;

/// EVM address of the solver whose attestations are accepted (the signature endpoint's signer).
/// Here: the test solver of `test/svm/example-integrator.test.ts`.
pub const TRUSTED_SOLVER: [u8; 20] = [
    0x70, 0x99, 0x79, 0x70, 0xc5, 0x18, 0x12, 0xdc, 0x3a, 0x01, 0x0c, 0x7d, 0x01, 0xb5, 0x0e, 0x0d,
    0x17, 0xdc, 0x79, 0xc8,
];

/// The solver's SVM account: every deposit's lamports go here, nowhere else.
pub const SOLVER_ACCOUNT: Address = Address::new_from_array([
    191, 117, 218, 82, 226, 23, 239, 46, 125, 209, 216, 37, 92, 81, 226, 208, 97, 208, 170, 146, 99,
    209, 157, 195, 68, 205, 180, 51, 103, 19, 34, 223,
]);

/// The one destination this program serves: its chain id and its recipient as the attestation's
/// 32-byte word (an EVM address left-padded with zeros). Any other destination is refused.
pub const DESTINATION_CHAIN_ID: u64 = 8453;
pub const DESTINATION_USER: [u8; 32] = {
    let mut word = [0u8; 32];
    word[31] = 0xd5;
    word
};

/// The largest `deadline - now` accepted, seconds: bounds how long a signed transaction may wait.
pub const MAX_DEADLINE_WINDOW: i64 = 3600;
