//! Cross-program invocations: system program (create a PDA, tolerating a pre-funded address)
//! and token `TransferChecked` (SPL Token or Token-2022, the program id checked by the caller).

use crate::{checks::SYSTEM_PROGRAM_ID, error::ReceiverError};
use pinocchio::{
    cpi::{invoke, invoke_signed, Signer},
    instruction::{InstructionAccount, InstructionView},
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult, UnsafeResize,
};

/// Creates `pda` (owned by `owner`, `space` bytes, rent-exempt plus `extra` lamports) paid by
/// `payer`, signing for `pda` with `signer`.
///
/// A system account that already holds lamports (anyone can send lamports to a PDA address to
/// make `CreateAccount` fail) is taken over instead: a system `Transfer` of whatever is missing
/// (rent shortfall + `extra`; skipped when nothing is), an `Assign` to `owner`, then the program
/// sizes the data itself (an owner may grow its account's data by up to 10 KiB per instruction),
/// so pre-funding blocks nothing and costs the payer at most one extra CPI.
/// Upstream BPF passes at most 5 arguments in registers (no stack arguments), hence a struct.
pub struct CreatePda<'a, 'b, 'c> {
    pub payer: &'a AccountView,
    pub pda: &'a mut AccountView,
    pub space: u64,
    pub extra: u64,
    pub owner: &'a Address,
    pub signer: Signer<'b, 'c>,
}

pub fn create_pda(p: CreatePda) -> ProgramResult {
    let CreatePda { payer, pda, space, extra, owner, signer } = p;
    let rent = Rent::get()?.try_minimum_balance(space as usize)?;
    let current = pda.lamports();
    if current == 0 {
        let lamports = rent.checked_add(extra).ok_or(ReceiverError::ArithmeticOverflow)?;
        let mut data = [0u8; 52];
        data[4..12].copy_from_slice(&lamports.to_le_bytes());
        data[12..20].copy_from_slice(&space.to_le_bytes());
        data[20..52].copy_from_slice(owner.as_ref());
        let accounts = [
            InstructionAccount::writable_signer(payer.address()),
            InstructionAccount::writable_signer(pda.address()),
        ];
        return invoke_signed(
            &InstructionView { program_id: &SYSTEM_PROGRAM_ID, accounts: &accounts, data: &data },
            &[payer, pda],
            &[signer],
        );
    }
    // Only the PDA's own signature (this program's) can give a system account data.
    if !pda.is_data_empty() {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    let missing = rent.saturating_sub(current).checked_add(extra).ok_or(ReceiverError::ArithmeticOverflow)?;
    if missing > 0 {
        transfer_lamports(payer, pda, missing)?;
    }
    let mut assign = [0u8; 36];
    assign[0] = 1;
    assign[4..36].copy_from_slice(owner.as_ref());
    {
        let pda: &AccountView = pda;
        let pda_only = [InstructionAccount::writable_signer(pda.address())];
        invoke_signed(
            &InstructionView { program_id: &SYSTEM_PROGRAM_ID, accounts: &pda_only, data: &assign },
            &[pda],
            &[signer],
        )?;
    }
    // SAFETY: the data was empty when serialized (checked above; Assign does not resize), so
    // growing it to `space` (at most a few hundred bytes) stays inside the runtime's 10 KiB
    // realloc region after it; no borrow of the data is alive.
    unsafe { pda.resize(space as usize) };
    Ok(())
}

/// System `Transfer` of `lamports` from the signing `from` to `to`.
pub fn transfer_lamports(from: &AccountView, to: &AccountView, lamports: u64) -> ProgramResult {
    let mut data = [0u8; 12];
    data[0] = 2;
    data[4..12].copy_from_slice(&lamports.to_le_bytes());
    let accounts = [
        InstructionAccount::writable_signer(from.address()),
        InstructionAccount::writable(to.address()),
    ];
    invoke(
        &InstructionView { program_id: &SYSTEM_PROGRAM_ID, accounts: &accounts, data: &data },
        &[from, to],
    )
}

/// Token `TransferChecked` (discriminator 12) of `amount` from `source` to `destination`,
/// authorized by the signing `authority`, through `token_program` (already checked to be SPL
/// Token or Token-2022).
#[inline(always)]
pub fn transfer_checked(
    token_program: &AccountView,
    source: &AccountView,
    mint: &AccountView,
    destination: &AccountView,
    authority: &AccountView,
    amount: u64,
    decimals: u8,
) -> ProgramResult {
    let mut data = [0u8; 10];
    data[0] = 12;
    data[1..9].copy_from_slice(&amount.to_le_bytes());
    data[9] = decimals;
    let accounts = [
        InstructionAccount::writable(source.address()),
        InstructionAccount::readonly(mint.address()),
        InstructionAccount::writable(destination.address()),
        InstructionAccount::readonly_signer(authority.address()),
    ];
    invoke(
        &InstructionView { program_id: token_program.address(), accounts: &accounts, data: &data },
        &[source, mint, destination, authority],
    )
}
