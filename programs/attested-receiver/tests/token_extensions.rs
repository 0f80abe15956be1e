//! The Token-2022 TLV reader of the deposit against hand-built mints and token accounts, and
//! arbitrary bytes (it must never panic: the program is panic-free).

use attested_receiver::{
    error::ReceiverError,
    token_extensions::{check_mint, check_payer_account},
};

/// 165-byte base, account type, then each (type, value) as a TLV entry.
fn account(kind: u8, extensions: &[(u16, &[u8])]) -> Vec<u8> {
    let mut data = vec![0u8; 165];
    data.push(kind);
    for (ty, value) in extensions {
        data.extend_from_slice(&ty.to_le_bytes());
        data.extend_from_slice(&(value.len() as u16).to_le_bytes());
        data.extend_from_slice(value);
    }
    data
}

const MINT: u8 = 1;
const ACCOUNT: u8 = 2;

#[test]
fn plain_and_unrelated_extensions_pass() {
    assert_eq!(check_mint(&[0u8; 82]), Ok(()));
    assert_eq!(check_mint(&account(MINT, &[])), Ok(()));
    // TransferFeeConfig (1), MetadataPointer (18): not this reader's concern.
    assert_eq!(check_mint(&account(MINT, &[(1, &[7; 108]), (18, &[1; 64])])), Ok(()));
    assert_eq!(check_payer_account(&[0u8; 165]), Ok(()));
    assert_eq!(check_payer_account(&account(ACCOUNT, &[(7, &[])])), Ok(()));
}

#[test]
fn permanent_delegate_is_refused_when_set() {
    let delegate = [9u8; 32];
    assert_eq!(check_mint(&account(MINT, &[(12, &delegate)])), Err(ReceiverError::MintHasPermanentDelegate));
    // after other extensions too
    assert_eq!(
        check_mint(&account(MINT, &[(1, &[0; 108]), (12, &delegate)])),
        Err(ReceiverError::MintHasPermanentDelegate)
    );
    assert_eq!(check_mint(&account(MINT, &[(12, &[0; 32])])), Ok(()));
}

#[test]
fn transfer_hook_is_refused_when_a_program_is_set() {
    let mut hook = [0u8; 64];
    hook[..32].copy_from_slice(&[5; 32]); // authority only
    assert_eq!(check_mint(&account(MINT, &[(14, &hook)])), Ok(()));
    hook[63] = 1;
    assert_eq!(check_mint(&account(MINT, &[(14, &hook)])), Err(ReceiverError::MintHasTransferHook));
}

#[test]
fn cpi_guard_is_refused_when_enabled() {
    assert_eq!(check_payer_account(&account(ACCOUNT, &[(11, &[1])])), Err(ReceiverError::PayerTokenCpiGuard));
    assert_eq!(check_payer_account(&account(ACCOUNT, &[(2, &[0; 8]), (11, &[1])])), Err(ReceiverError::PayerTokenCpiGuard));
    assert_eq!(check_payer_account(&account(ACCOUNT, &[(11, &[0])])), Ok(()));
}

#[test]
fn truncated_entries_and_uninitialized_padding_end_the_scan() {
    let mut data = account(MINT, &[(12, &[9; 32])]);
    data.truncate(data.len() - 1); // value shorter than its length
    assert_eq!(check_mint(&data), Ok(()));
    // An Uninitialized (type 0) entry ends the entries: nothing after it counts.
    assert_eq!(check_mint(&account(MINT, &[(0, &[]), (12, &[9; 32])])), Ok(()));
}

#[test]
fn arbitrary_bytes_never_panic() {
    // xorshift64: deterministic pseudo-random inputs of every length up to 400 bytes.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for len in 0..400usize {
        for _ in 0..20 {
            let data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let _ = check_mint(&data);
            let _ = check_payer_account(&data);
        }
    }
}
