//! `sweep(id, mint)`: deposits everything the deposit address of `(id, mint, depositor)` holds
//! into the depository under `id` for `depositor`, the deposit address signing as the sender.
//! Account list: `attestkit_receiver_interface::order::deposit_address`.

use crate::error::DepositAddressError;
use attested_receiver::checks::{find_program_address, SYSTEM_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID};
use attestkit_receiver_interface::order::{
    deposit_address::{deposit_address_seeds, DEPOSIT_ADDRESS_SEED, NATIVE_MINT},
    depository::{deposit_data, discriminator as depository_ix, ASSOCIATED_TOKEN_PROGRAM_ID, DEPOSITORY_PROGRAM_ID},
};
use depository::instructions::token_account;
use pinocchio::{
    cpi::{invoke, invoke_signed, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

#[inline(always)]
fn require(ok: bool, error: DepositAddressError) -> ProgramResult {
    if ok {
        Ok(())
    } else {
        Err(error.into())
    }
}

/// `id: [u8; 32], mint: [u8; 32]`.
#[inline(always)]
fn sweep_args(data: &[u8]) -> Result<(&[u8; 32], &[u8; 32]), ProgramError> {
    match data.split_first_chunk::<32>() {
        Some((id, mint)) => Ok((id, mint.try_into().map_err(|_| DepositAddressError::InvalidInstructionData)?)),
        None => Err(DepositAddressError::InvalidInstructionData.into()),
    }
}

/// The amount of `account` when it is an initialized token account of `token_program` for `mint`
/// owned by `owner`.
#[inline(always)]
fn token_amount(account: &AccountView, token_program: &Address, mint: &[u8; 32], owner: &Address) -> Option<u64> {
    if !account.owned_by(token_program) {
        return None;
    }
    let data = account.try_borrow().ok()?;
    match token_account(&data) {
        Some((m, o, amount)) if m == mint && o == owner.as_ref() => Some(amount),
        _ => None,
    }
}

/// The accounts both sweeps pass on to the depository.
struct Common<'a> {
    depositor: &'a AccountView,
    deposit_address: &'a AccountView,
    relay_depository: &'a AccountView,
    vault: &'a AccountView,
    system_program: &'a AccountView,
}

pub fn sweep(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let (id, mint) = sweep_args(data)?;
    let [sweeper, depositor, deposit_address_account, depository, relay_depository, vault, system_program, token @ ..] = accounts
    else {
        return Err(DepositAddressError::NotEnoughAccounts.into());
    };
    require(sweeper.is_signer(), DepositAddressError::MissingSigner)?;
    require(deposit_address_account.is_writable() && vault.is_writable(), DepositAddressError::AccountNotWritable)?;
    require(depository.address() == &DEPOSITORY_PROGRAM_ID, DepositAddressError::InvalidDepositoryProgram)?;
    require(system_program.address() == &SYSTEM_PROGRAM_ID, DepositAddressError::InvalidSystemProgram)?;
    let seeds = core::hint::black_box(deposit_address_seeds(id, mint, depositor.address().as_array()));
    let (expected, bump) = find_program_address(&seeds, program_id)?;
    require(deposit_address_account.address() == &expected, DepositAddressError::InvalidDepositAddress)?;

    let bump = [bump];
    let seeds = [
        Seed::from(DEPOSIT_ADDRESS_SEED),
        Seed::from(id),
        Seed::from(mint),
        Seed::from(depositor.address().as_ref()),
        Seed::from(&bump),
    ];
    let common = Common { depositor, deposit_address: deposit_address_account, relay_depository, vault, system_program };
    if mint == &NATIVE_MINT {
        sweep_native(&common, id, Signer::from(&seeds))
    } else {
        let [mint_account, source, vault_token, token_program, ata_program, ..] = token else {
            return Err(DepositAddressError::MissingTokenAccounts.into());
        };
        let t = Token { sweeper, mint: mint_account, source, vault_token, token_program, ata_program };
        sweep_token(&common, &t, id, mint, Signer::from(&seeds))
    }
}

/// `deposit_native(lamports of the deposit address, id)`.
fn sweep_native(c: &Common, id: &[u8; 32], signer: Signer) -> ProgramResult {
    let amount = c.deposit_address.lamports();
    require(amount > 0, DepositAddressError::InsufficientBalance)?;
    let data = deposit_data(&depository_ix::DEPOSIT_NATIVE, amount, id);
    let metas = [
        InstructionAccount::readonly(c.relay_depository.address()),
        InstructionAccount::writable_signer(c.deposit_address.address()),
        InstructionAccount::readonly(c.depositor.address()),
        InstructionAccount::writable(c.vault.address()),
        InstructionAccount::readonly(c.system_program.address()),
    ];
    invoke_signed(
        &InstructionView { program_id: &DEPOSITORY_PROGRAM_ID, accounts: &metas, data: &data },
        &[c.relay_depository, c.deposit_address, c.depositor, c.vault, c.system_program],
        &[signer],
    )
}

/// The accounts only a token sweep takes.
struct Token<'a> {
    sweeper: &'a AccountView,
    mint: &'a AccountView,
    source: &'a AccountView,
    vault_token: &'a AccountView,
    token_program: &'a AccountView,
    ata_program: &'a AccountView,
}

/// `deposit_token(amount of the deposit address's token account, id)`, after creating the
/// vault's associated token account when it is missing.
fn sweep_token(c: &Common, t: &Token, id: &[u8; 32], mint: &[u8; 32], signer: Signer) -> ProgramResult {
    let program = t.token_program.address();
    require(program == &TOKEN_PROGRAM_ID || program == &TOKEN_2022_PROGRAM_ID, DepositAddressError::InvalidTokenProgram)?;
    require(t.ata_program.address() == &ASSOCIATED_TOKEN_PROGRAM_ID, DepositAddressError::InvalidAssociatedTokenProgram)?;
    require(t.mint.address().as_array() == mint && t.mint.owned_by(program), DepositAddressError::InvalidMint)?;
    require(t.source.address() != t.vault_token.address(), DepositAddressError::DuplicateAccount)?;
    require(
        t.sweeper.is_writable() && t.source.is_writable() && t.vault_token.is_writable(),
        DepositAddressError::AccountNotWritable,
    )?;
    // A deposit address nobody paid tokens to has no token account: nothing to sweep.
    let amount = if t.source.is_data_empty() {
        0
    } else {
        token_amount(t.source, program, mint, c.deposit_address.address())
            .ok_or(DepositAddressError::InvalidDepositAddressTokenAccount)?
    };
    require(amount > 0, DepositAddressError::InsufficientBalance)?;

    if t.vault_token.is_data_empty() {
        let seeds: [&[u8]; 3] = core::hint::black_box([c.vault.address().as_ref(), program.as_ref(), mint]);
        let (ata, _) = find_program_address(&seeds, &ASSOCIATED_TOKEN_PROGRAM_ID)?;
        require(t.vault_token.address() == &ata, DepositAddressError::InvalidVaultTokenAccount)?;
        create_vault_token_account(c, t)?;
    } else {
        token_amount(t.vault_token, program, mint, c.vault.address()).ok_or(DepositAddressError::InvalidVaultTokenAccount)?;
    }

    let data = deposit_data(&depository_ix::DEPOSIT_TOKEN, amount, id);
    let metas = [
        InstructionAccount::readonly(c.relay_depository.address()),
        InstructionAccount::writable_signer(c.deposit_address.address()),
        InstructionAccount::readonly(c.depositor.address()),
        InstructionAccount::readonly(c.vault.address()),
        InstructionAccount::readonly(t.mint.address()),
        InstructionAccount::writable(t.source.address()),
        InstructionAccount::writable(t.vault_token.address()),
        InstructionAccount::readonly(t.token_program.address()),
        InstructionAccount::readonly(t.ata_program.address()),
        InstructionAccount::readonly(c.system_program.address()),
    ];
    invoke_signed(
        &InstructionView { program_id: &DEPOSITORY_PROGRAM_ID, accounts: &metas, data: &data },
        &[
            c.relay_depository,
            c.deposit_address,
            c.depositor,
            c.vault,
            t.mint,
            t.source,
            t.vault_token,
            t.token_program,
            t.ata_program,
            c.system_program,
        ],
        &[signer],
    )
}

/// Associated token program `CreateIdempotent` of the vault's token account, paid by the sweeper.
fn create_vault_token_account(c: &Common, t: &Token) -> ProgramResult {
    let metas = [
        InstructionAccount::writable_signer(t.sweeper.address()),
        InstructionAccount::writable(t.vault_token.address()),
        InstructionAccount::readonly(c.vault.address()),
        InstructionAccount::readonly(t.mint.address()),
        InstructionAccount::readonly(c.system_program.address()),
        InstructionAccount::readonly(t.token_program.address()),
    ];
    invoke(
        &InstructionView { program_id: &ASSOCIATED_TOKEN_PROGRAM_ID, accounts: &metas, data: &[1] },
        &[t.sweeper, t.vault_token, c.vault, t.mint, c.system_program, t.token_program],
    )
}
