//! `deposit_native`, `deposit_token` and `initialize`. Account lists and argument layouts are the
//! service depository's (see `attestkit_receiver_interface::order::depository`).

use crate::{
    error::DepositoryError,
    state::{self, CHAIN_ID_OFFSET, MAX_CHAIN_ID_LEN, VAULT_BUMP_OFFSET},
};
use attested_receiver::{
    checks::{self, PdaOps, PdaSyscalls, PDA_MARKER, SYSTEM_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID},
    cpi::{create_pda, transfer_checked, transfer_lamports, CreatePda},
};
use attestkit_receiver_interface::order::depository::{
    deposit_event, ASSOCIATED_TOKEN_PROGRAM_ID, RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR, RELAY_DEPOSITORY_SEED, VAULT_SEED,
};
use pinocchio::{
    cpi::{invoke, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult,
};

/// `amount: u64, id: [u8; 32]`.
#[inline(always)]
fn deposit_args(data: &[u8]) -> Result<(u64, &[u8; 32]), ProgramError> {
    match data.split_first_chunk::<8>() {
        Some((amount, id)) => {
            let id: &[u8; 32] = id.try_into().map_err(|_| DepositoryError::InvalidInstructionData)?;
            Ok((u64::from_le_bytes(*amount), id))
        }
        None => Err(DepositoryError::InvalidInstructionData.into()),
    }
}

#[inline(always)]
fn require(ok: bool, error: DepositoryError) -> ProgramResult {
    if ok {
        Ok(())
    } else {
        Err(error.into())
    }
}

/// The vault is the PDA `["vault", vault_bump]` with the bump `initialize` found (canonical, so
/// off the curve): `sha256("vault" || bump || program_id || "ProgramDerivedAddress")` in one
/// contiguous buffer, one `sol_sha256` (a stored bump needs no curve check).
#[inline(always)]
fn check_vault(vault: &AccountView, bump: u8, program_id: &Address) -> ProgramResult {
    let mut preimage = [0u8; 5 + 1 + 32 + 21];
    preimage[..5].copy_from_slice(VAULT_SEED_BYTES);
    preimage[5] = bump;
    preimage[6..38].copy_from_slice(program_id.as_ref());
    preimage[38..].copy_from_slice(&PDA_MARKER);
    require(vault.address().as_array() == &PdaSyscalls::sha256(&preimage), DepositoryError::InvalidVaultAddress)
}

/// [`VAULT_SEED`] as a fixed array, for the preimage above.
const VAULT_SEED_BYTES: &[u8; 5] = b"vault";
const _: () = assert!(VAULT_SEED.len() == VAULT_SEED_BYTES.len());

/// Logs `DepositEvent` (one `sol_log_data` slice, Anchor's `emit!` layout).
#[inline(always)]
fn emit(depositor: &AccountView, token: Option<&[u8; 32]>, amount: u64, id: &[u8; 32]) {
    let (bytes, len) = deposit_event(depositor.address().as_array(), token, amount, id);
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        let slices: [&[u8]; 1] = [bytes.get(..len).unwrap_or(&[])];
        // SAFETY: one (ptr, len) pair describing initialized bytes.
        unsafe { pinocchio::syscalls::sol_log_data(slices.as_ptr() as *const u8, 1) };
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = (bytes, len);
}

/// Accounts: 0 relay_depository, 1 `[signer, writable]` sender, 2 depositor, 3 `[writable]`
/// vault, 4 system program.
pub fn deposit_native(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let (amount, id) = deposit_args(data)?;
    let [relay_depository, sender, depositor, vault, system_program, ..] = accounts else {
        return Err(DepositoryError::NotEnoughAccounts.into());
    };
    require(sender.is_signer(), DepositoryError::MissingSigner)?;
    require(sender.is_writable() && vault.is_writable(), DepositoryError::AccountNotWritable)?;
    require(system_program.address() == &SYSTEM_PROGRAM_ID, DepositoryError::InvalidSystemProgram)?;
    check_vault(vault, state::vault_bump(relay_depository, program_id)?, program_id)?;
    transfer_lamports(sender, vault, amount)?;
    emit(depositor, None, amount, id);
    Ok(())
}

const MINT_LEN: usize = 82;
const TOKEN_ACCOUNT_LEN: usize = 165;
const ACCOUNT_TYPE_OFFSET: usize = 165;

/// `mint`, `owner` and `amount` of an initialized token account (either token program's layout).
#[inline(always)]
pub fn token_account(data: &[u8]) -> Option<(&[u8], &[u8], u64)> {
    let is_account = data.len() == TOKEN_ACCOUNT_LEN || data.get(ACCOUNT_TYPE_OFFSET) == Some(&2);
    if !is_account || data.get(108) == Some(&0) {
        return None;
    }
    let amount: [u8; 8] = data.get(64..72)?.try_into().ok()?;
    Some((data.get(..32)?, data.get(32..64)?, u64::from_le_bytes(amount)))
}

/// Tokens in the vault's token account, which must be a token account of `mint` owned by `vault`.
#[inline(always)]
fn vault_balance(vault_token: &AccountView, mint: &AccountView, vault: &AccountView, token_program: &Address) -> Result<u64, ProgramError> {
    require(vault_token.owned_by(token_program), DepositoryError::InvalidVaultTokenAccount)?;
    let data = vault_token.try_borrow()?;
    match token_account(&data) {
        Some((m, owner, amount)) if m == mint.address().as_ref() && owner == vault.address().as_ref() => Ok(amount),
        _ => Err(DepositoryError::InvalidVaultTokenAccount.into()),
    }
}

/// Associated token program `Create` of the vault's token account, paid by the sender.
#[inline(always)]
fn create_vault_token_account(
    accounts: [&AccountView; 6],
) -> ProgramResult {
    let [sender, vault_token, vault, mint, system_program, token_program] = accounts;
    let metas = [
        InstructionAccount::writable_signer(sender.address()),
        InstructionAccount::writable(vault_token.address()),
        InstructionAccount::readonly(vault.address()),
        InstructionAccount::readonly(mint.address()),
        InstructionAccount::readonly(system_program.address()),
        InstructionAccount::readonly(token_program.address()),
    ];
    invoke(
        &InstructionView { program_id: &ASSOCIATED_TOKEN_PROGRAM_ID, accounts: &metas, data: &[0] },
        &[sender, vault_token, vault, mint, system_program, token_program],
    )
}

/// Accounts: 0 relay_depository, 1 `[signer, writable]` sender, 2 depositor, 3 vault, 4 mint,
/// 5 `[writable]` sender token account, 6 `[writable]` vault token account, 7 token program,
/// 8 associated token program, 9 system program. The event's amount is the vault token account's
/// balance change (the amount minus any Token-2022 transfer fee).
pub fn deposit_token(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let (amount, id) = deposit_args(data)?;
    let [relay_depository, sender, depositor, vault, mint, sender_token, vault_token, token_program, ata_program, system_program, ..] =
        accounts
    else {
        return Err(DepositoryError::NotEnoughAccounts.into());
    };
    require(sender.is_signer(), DepositoryError::MissingSigner)?;
    require(sender.is_writable() && sender_token.is_writable() && vault_token.is_writable(), DepositoryError::AccountNotWritable)?;
    let program = token_program.address();
    require(program == &TOKEN_PROGRAM_ID || program == &TOKEN_2022_PROGRAM_ID, DepositoryError::InvalidTokenProgram)?;
    require(ata_program.address() == &ASSOCIATED_TOKEN_PROGRAM_ID, DepositoryError::InvalidAssociatedTokenProgram)?;
    require(system_program.address() == &SYSTEM_PROGRAM_ID, DepositoryError::InvalidSystemProgram)?;
    require(mint.owned_by(program), DepositoryError::InvalidMint)?;
    let decimals = {
        let m = mint.try_borrow()?;
        let is_mint = m.len() == MINT_LEN || m.get(ACCOUNT_TYPE_OFFSET) == Some(&1);
        match (is_mint, m.get(44), m.get(45)) {
            (true, Some(decimals), Some(1)) => *decimals,
            _ => return Err(DepositoryError::InvalidMint.into()),
        }
    };
    check_vault(vault, state::vault_bump(relay_depository, program_id)?, program_id)?;
    if vault_token.is_data_empty() {
        create_vault_token_account([sender, vault_token, vault, mint, system_program, token_program])?;
    }
    let before = vault_balance(vault_token, mint, vault, program)?;
    transfer_checked(token_program, sender_token, mint, vault_token, sender, amount, decimals)?;
    let after = vault_balance(vault_token, mint, vault, program)?;
    let received = after.checked_sub(before).ok_or(DepositoryError::ArithmeticOverflow)?;
    emit(depositor, Some(mint.address().as_array()), received, id);
    Ok(())
}

/// `initialize(chain_id: bytes)`. Accounts: 0 `[writable]` relay_depository (PDA
/// `["relay_depository"]`), 1 `[writable]` vault (PDA `["vault"]`), 2 `[signer, writable]` owner
/// (pays), 3 `[]` allocator, 4 system program. Tops the vault up to the rent-exempt minimum of an
/// empty account so the first native deposit of any size lands.
pub fn initialize(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let chain_id = match data.split_first_chunk::<4>() {
        Some((len, rest)) if u32::from_le_bytes(*len) as usize == rest.len() && rest.len() <= MAX_CHAIN_ID_LEN => rest,
        _ => return Err(DepositoryError::InvalidInstructionData.into()),
    };
    let [relay_depository, vault, owner, allocator, system_program, ..] = accounts else {
        return Err(DepositoryError::NotEnoughAccounts.into());
    };
    require(owner.is_signer(), DepositoryError::MissingSigner)?;
    require(owner.is_writable() && relay_depository.is_writable() && vault.is_writable(), DepositoryError::AccountNotWritable)?;
    require(system_program.address() == &SYSTEM_PROGRAM_ID, DepositoryError::InvalidSystemProgram)?;
    // black_box keeps the seed arrays on the stack (see attested-receiver's initialize).
    let (config_address, config_bump) =
        checks::find_program_address(&core::hint::black_box([RELAY_DEPOSITORY_SEED]), program_id)?;
    let (vault_address, vault_bump) = checks::find_program_address(&core::hint::black_box([VAULT_SEED]), program_id)?;
    require(relay_depository.address() == &config_address, DepositoryError::InvalidPdaAddress)?;
    require(vault.address() == &vault_address, DepositoryError::InvalidVaultAddress)?;
    require(!relay_depository.owned_by(program_id), DepositoryError::AlreadyInitialized)?;

    let space = CHAIN_ID_OFFSET + 4 + chain_id.len();
    let bump = [config_bump];
    let seeds = [Seed::from(RELAY_DEPOSITORY_SEED), Seed::from(&bump)];
    create_pda(CreatePda {
        payer: owner,
        pda: &mut *relay_depository,
        space: space as u64,
        extra: 0,
        owner: program_id,
        signer: Signer::from(&seeds),
    })?;
    {
        let mut d = relay_depository.try_borrow_mut()?;
        let out = d.get_mut(..space).ok_or(DepositoryError::InvalidInstructionData)?;
        out[..8].copy_from_slice(&RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR);
        out[8..40].copy_from_slice(owner.address().as_ref());
        out[40..72].copy_from_slice(allocator.address().as_ref());
        out[VAULT_BUMP_OFFSET] = vault_bump;
        out[CHAIN_ID_OFFSET..CHAIN_ID_OFFSET + 4].copy_from_slice(&(chain_id.len() as u32).to_le_bytes());
        out[CHAIN_ID_OFFSET + 4..].copy_from_slice(chain_id);
    }
    let missing = Rent::get()?.try_minimum_balance(0)?.saturating_sub(vault.lamports());
    if missing > 0 {
        transfer_lamports(owner, vault, missing)?;
    }
    Ok(())
}
