//! What this program trusts, fixed at build time: edit these for your deployment (a program
//! upgrade then changes them). Nothing to initialize, so no config account.

use pinocchio::Address;

/// EVM address of the solver whose order signatures are accepted. Here: the mock key
/// `mockSolverKey("conformance.svm.example-order-integrator")` of the conformance test.
pub const TRUSTED_SOLVER: [u8; 20] = [
    0x78, 0xf0, 0x24, 0xd7, 0xae, 0x3b, 0xdf, 0xbf, 0xc3, 0x2a, 0xc5, 0x5d, 0x9d, 0xf7, 0x52, 0x06,
    0x68, 0xcf, 0xf1, 0xc6,
];

/// This chain's protocol chain id, as orders name it.
pub const CHAIN_ID: &[u8] = b"solana";

/// The account every payment's lamports go to, nowhere else.
pub const VAULT: Address = Address::new_from_array([
    213, 240, 131, 234, 181, 175, 112, 137, 27, 11, 186, 58, 103, 102, 152, 99, 209, 140, 200, 20, 19, 63,
    228, 41, 88, 52, 206, 173, 72, 102, 255, 72,
]);

/// The one output this program serves: its chain id and recipient bytes. Any other is refused.
pub const OUTPUT_CHAIN_ID: &[u8] = b"ethereum";
pub const OUTPUT_RECIPIENT: [u8; 20] = {
    let mut recipient = [0u8; 20];
    recipient[19] = 0xd5;
    recipient
};
