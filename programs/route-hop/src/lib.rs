//! `route-hop`: one hop of the mock service's simulated SVM swap route (src/service/svm-route.ts).
//!
//! The mock quotes SVM-origin deposits as a real transaction: swap hops, then the deposit and a
//! memo with the request id. The devnet loads this program at every swap source's program address
//! so that transaction executes as quoted. A hop swaps nothing: it checks that the user signed and
//! logs `route-hop: <label>`, where the label is the printable-ASCII prefix of the instruction data
//! (the mock writes `<source>#<hop index>`, zero-padded).
//!
//! Accounts: 0 `[signer]` user; any further accounts (pool, vaults, config, token program) are
//! ignored. Data: any bytes.
#![no_std]

use pinocchio::{error::ProgramError, AccountView, Address, ProgramResult};

/// Start of the log line.
pub const PREFIX: &[u8] = b"route-hop: ";

/// Longest label logged (longer data is cut).
pub const MAX_LABEL: usize = 32;

const LINE_LEN: usize = PREFIX.len() + MAX_LABEL;

// Only the first account is read: a MAX_ACCOUNTS of 1 keeps the entrypoint's frame small.
pinocchio::program_entrypoint!(process_instruction, 1);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

/// Processes one hop (see the crate documentation).
pub fn process_instruction(
    _program_id: &Address,
    accounts: &mut [AccountView],
    instruction_data: &[u8],
) -> ProgramResult {
    let [user, ..] = accounts else {
        return Err(ProgramError::NotEnoughAccountKeys);
    };
    if !user.is_signer() {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let mut line = [0u8; LINE_LEN];
    let len = log_line(instruction_data, &mut line);
    let _message = line.get(..len).unwrap_or(PREFIX);
    // SAFETY: pointer and length describe printable ASCII (valid UTF-8) for the call's duration.
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    unsafe { pinocchio::syscalls::sol_log_(_message.as_ptr(), _message.len() as u64) };
    Ok(())
}

/// The printable-ASCII prefix of `data` (stops at the first other byte), at most `MAX_LABEL` bytes.
pub fn label(data: &[u8]) -> &[u8] {
    let n = data
        .iter()
        .take(MAX_LABEL)
        .take_while(|b| (0x20..=0x7e).contains(*b))
        .count();
    data.get(..n).unwrap_or(&[])
}

/// Writes `PREFIX || label(data)` into `line`; returns its length. No indexing that could panic.
pub fn log_line(data: &[u8], line: &mut [u8; LINE_LEN]) -> usize {
    let mut len = 0;
    for (dst, src) in line.iter_mut().zip(PREFIX.iter().chain(label(data).iter())) {
        *dst = *src;
        len += 1;
    }
    len
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn line_of(data: &[u8]) -> std::vec::Vec<u8> {
        let mut line = [0u8; LINE_LEN];
        let len = log_line(data, &mut line);
        line[..len].to_vec()
    }

    #[test]
    fn label_is_the_printable_prefix() {
        assert_eq!(label(b"whirlpool#0\0\0\0"), b"whirlpool#0");
        assert_eq!(label(b"clmm\xff#1"), b"clmm");
        assert_eq!(label(b""), b"");
        assert_eq!(label(&[b'a'; 40]).len(), MAX_LABEL);
    }

    #[test]
    fn line_is_prefix_and_label() {
        assert_eq!(line_of(b"constant-product#3\0"), b"route-hop: constant-product#3");
        assert_eq!(line_of(&[0u8; 24]), b"route-hop: ");
        assert_eq!(line_of(&[b'x'; 64]).len(), LINE_LEN);
    }
}
