//! Signing helpers for host-side tests of SVM programs that verify attestkit attestations and
//! orders (LiteSVM, mollusk, program-test). They produce the same bytes as the TypeScript helpers
//! of `attestkit/testing` (`mockSolverKey`, `signRequestDataStruct`, `signOrderId`, `highSTwin`,
//! `compactForm`, `withV`, `resized`, `zeroRecoverySignature`); `tests/vectors.rs` proves it
//! against `test/vectors/testing-signatures.json`.
//!
//! The keys are derived from public labels: anyone can recompute them. Use them in tests only.
//!
//! ```
//! use attestkit_testing::{high_s_twin, MockSolver, RequestData};
//!
//! let solver = MockSolver::new("solver");
//! let data = RequestData {
//!     request_id: [7; 32],
//!     origin_chain_id: 792_703_809,
//!     origin_user: [1; 32],
//!     origin_currency: [0; 32],
//!     origin_amount: 1_000_000,
//!     destination_chain_id: 1,
//!     destination_user: [0xd5; 32],
//! };
//! let signature = solver.sign_attestation(&data);
//! assert_eq!(data.signer(&signature), Ok(solver.address()));
//! // The twin recovers to the same key; a conforming program must refuse it.
//! assert!(data.signer(&high_s_twin(&signature)).is_err());
//! ```

mod malformed;
mod solver;

pub use malformed::{compact_form, high_s_twin, resized, with_v, zero_recovery_signature};
pub use solver::{MockSolver, RequestData};
