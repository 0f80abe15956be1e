//! `deposit_native` and `deposit_token`: verify the solver's attestation, record the request id
//! (replay PDA), forward exactly the attested amount to the solver, log `Deposited`. Every lamport
//! sum is checked (`ArithmeticOverflow`) before anything moves or is logged.
//!
//! Args (both): request_id [u8;32], origin_chain_id u64, origin_user pubkey, origin_currency
//! pubkey, origin_amount u64, destination_chain_id u64, destination_user [u8;32], amount u64
//! (what the payer means to pay; must equal origin_amount), deadline i64, replay_bump u8,
//! signature bytes (65 or 64).
//!
//! Accounts, native: 0 `[signer, writable]` payer, 1 `[]` config, 2 `[]` whitelist entry,
//! 3 `[writable]` replay PDA, 4 `[writable]` solver (config.solver_svm), 5 `[]` system program.
//! Token: 0 payer, 1 config, 2 whitelist entry, 3 replay PDA, 4 `[writable]` payer token account,
//! 5 `[]` mint, 6 `[writable]` solver token account, 7 `[]` token program, 8 `[]` system program.
//!
//! The clock comes from the `Clock::get()` syscall: no sysvar account is taken, so there is no
//! sysvar account to spoof.

use super::args_with_bytes;
use crate::{
    attestation::{self, u64_word, RequestWords, SVM_CHAIN_ID},
    checks,
    cpi::{create_pda, transfer_checked, CreatePda},
    crypto::Syscalls,
    error::ReceiverError,
    event::{Deposited, DEPOSITED_DISCRIMINATOR},
    state::{
        self,
        paid_request::{REPLAY_SEED, STATUS_INVALIDATED, STATUS_PAID},
        AccountType, Config, PaidRequest, WhitelistEntry,
    },
    token_extensions,
};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

#[repr(C)]
struct DepositArgs {
    request_id: [u8; 32],
    origin_chain_id: [u8; 8],
    origin_user: [u8; 32],
    origin_currency: [u8; 32],
    origin_amount: [u8; 8],
    destination_chain_id: [u8; 8],
    destination_user: [u8; 32],
    amount: [u8; 8],
    deadline: [u8; 8],
    replay_bump: u8,
}

/// What the common checks hand to the transfer step.
struct Verified {
    amount: u64,
    signer: [u8; 20],
    solver_svm: [u8; 32],
    now: i64,
}

/// Checks shared by both deposits, cheapest first; the secp256k1 recovery (25,000 CU) last.
#[inline(always)]
fn verify(
    program_id: &Address,
    args: &DepositArgs,
    signature: &[u8],
    payer: &AccountView,
    config: &AccountView,
    whitelist: &AccountView,
    replay: &AccountView,
    currency: &[u8; 32],
) -> Result<Verified, ProgramError> {
    checks::signer(payer)?;
    checks::writable(payer)?;
    checks::writable(replay)?;

    let cfg = state::load::<Config>(config, program_id)?;
    if cfg.is_paused() {
        return Err(ReceiverError::Paused.into());
    }

    // Binding: origin chain, payer, currency, amount.
    if u64::from_le_bytes(args.origin_chain_id) != SVM_CHAIN_ID {
        return Err(ReceiverError::OriginChainMismatch.into());
    }
    if &args.origin_user != payer.address().as_array() {
        return Err(ReceiverError::PayerMismatch.into());
    }
    if &args.origin_currency != currency {
        return Err(ReceiverError::CurrencyMismatch.into());
    }
    let amount = u64::from_le_bytes(args.origin_amount);
    if amount == 0 {
        return Err(ReceiverError::ZeroAmount.into());
    }
    if args.amount != args.origin_amount {
        return Err(ReceiverError::AmountMismatch.into());
    }

    // Expiry.
    let now = Clock::get()?.unix_timestamp;
    attestation::check_deadline(i64::from_le_bytes(args.deadline), now, cfg.max_window())?;

    // Whitelist: the entry for exactly (destination_chain_id, destination_user).
    if !whitelist.owned_by(program_id) && whitelist.is_data_empty() {
        return Err(ReceiverError::DestinationNotWhitelisted.into());
    }
    {
        let entry = state::load::<WhitelistEntry>(whitelist, program_id)?;
        if entry.destination_chain_id != args.destination_chain_id
            || entry.destination_user != args.destination_user
        {
            return Err(ReceiverError::DestinationNotWhitelisted.into());
        }
    }

    // Replay: the PDA of this request id with its canonical bump, not created yet.
    checks::replay_pda(replay, &args.request_id, args.replay_bump, program_id)?;
    if replay.owned_by(program_id) {
        let record = state::load::<PaidRequest>(replay, program_id)?;
        return Err(if record.status == STATUS_INVALIDATED {
            ReceiverError::RequestInvalidated
        } else {
            ReceiverError::RequestAlreadyPaid
        }
        .into());
    }
    if !replay.owned_by(&checks::SYSTEM_PROGRAM_ID) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }

    // Signature over the same 224-byte ABI encoding as on EVM.
    let chain_word = u64_word(SVM_CHAIN_ID);
    let amount_word = u64_word(amount);
    let destination_chain_word = u64_word(u64::from_le_bytes(args.destination_chain_id));
    let words = RequestWords {
        request_id: &args.request_id,
        origin_chain_id: &chain_word,
        origin_user: &args.origin_user,
        origin_currency: &args.origin_currency,
        origin_amount: &amount_word,
        destination_chain_id: &destination_chain_word,
        destination_user: &args.destination_user,
    };
    let signer = attestation::attestation_signer::<Syscalls>(&words, signature)?;
    if !attestation::is_authorized_signer(
        &signer,
        &cfg.solver_evm,
        &cfg.previous_solver_evm,
        cfg.previous_valid_until(),
        now,
    ) {
        return Err(ReceiverError::SignerMismatch.into());
    }
    Ok(Verified { amount, signer, solver_svm: cfg.solver_svm, now })
}

/// Creates the replay record (rent + `extra` lamports from the payer) and fills it.
#[inline(always)]
fn record(
    program_id: &Address,
    args: &DepositArgs,
    payer: &AccountView,
    replay: &mut AccountView,
    extra: u64,
    now: i64,
) -> ProgramResult {
    let bump = [args.replay_bump];
    let seeds = [Seed::from(REPLAY_SEED), Seed::from(&args.request_id), Seed::from(&bump)];
    create_pda(CreatePda { payer, pda: &mut *replay, space: PaidRequest::LEN as u64, extra, owner: program_id, signer: Signer::from(&seeds) })?;
    state::init::<PaidRequest>(replay, |r| {
        r.bump = args.replay_bump;
        r.status = STATUS_PAID;
        r.recorded_at = now.to_le_bytes();
        r.by = payer.address().to_bytes();
    })
}

#[inline(always)]
fn emit(args: &DepositArgs, v: &Verified, recipient: &AccountView) {
    Deposited {
        discriminator: DEPOSITED_DISCRIMINATOR,
        request_id: args.request_id,
        origin_chain_id: args.origin_chain_id,
        payer: args.origin_user,
        currency: args.origin_currency,
        amount: args.origin_amount,
        destination_chain_id: args.destination_chain_id,
        destination_user: args.destination_user,
        deadline: args.deadline,
        solver: v.solver_svm,
        recipient: recipient.address().to_bytes(),
        signer: v.signer,
    }
    .emit();
}

/// Native deposit. The payer funds the replay record with rent + amount in one `CreateAccount`;
/// the program then moves `amount` lamports from the record (which it owns) to the solver, so the
/// solver is paid without a second CPI.
pub fn native(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: DepositArgs is repr(C) of u8 arrays.
    let (args, signature) = unsafe { args_with_bytes::<DepositArgs>(data)? };
    let [payer, config, whitelist, replay, solver, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::system_program(system_program)?;
    checks::writable(solver)?;
    checks::distinct(payer, solver)?;
    checks::distinct(replay, solver)?;
    let v = verify(program_id, args, signature, payer, config, whitelist, replay, &[0; 32])?;
    if solver.address().as_array() != &v.solver_svm {
        return Err(ReceiverError::InvalidSolverAccount.into());
    }
    // Checked before anything moves: rent + amount and the solver's new balance must fit u64.
    let paid = solver.lamports().checked_add(v.amount).ok_or(ReceiverError::ArithmeticOverflow)?;
    record(program_id, args, payer, replay, v.amount, v.now)?;
    let left = replay.lamports().checked_sub(v.amount).ok_or(ReceiverError::ArithmeticOverflow)?;
    replay.set_lamports(left);
    solver.set_lamports(paid);
    emit(args, &v, solver);
    Ok(())
}

/// SPL Token account layout offsets.
const TOKEN_ACCOUNT_LEN: usize = 165;
const MINT_LEN: usize = 82;
const ACCOUNT_TYPE_OFFSET: usize = 165;

/// Token deposit (SPL Token or Token-2022). The amount that ARRIVES is measured as the solver
/// token account's balance change; anything but the attested amount (e.g. a Token-2022 transfer
/// fee withheld) fails with `DeliveredAmountMismatch` and the whole transaction reverts.
pub fn token(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: DepositArgs is repr(C) of u8 arrays.
    let (args, signature) = unsafe { args_with_bytes::<DepositArgs>(data)? };
    let [payer, config, whitelist, replay, payer_token, mint, solver_token, token_program, system_program, ..] =
        accounts
    else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::system_program(system_program)?;
    checks::token_program(token_program)?;
    checks::writable(payer_token)?;
    checks::writable(solver_token)?;
    checks::distinct(payer_token, solver_token)?;
    let token_program_id = token_program.address();

    // Mint: owned by the token program, a mint (not a token account), initialized.
    if !mint.owned_by(token_program_id) {
        return Err(ReceiverError::InvalidMint.into());
    }
    let decimals = {
        let m = mint.try_borrow()?;
        let is_mint = m.len() == MINT_LEN || (m.len() > ACCOUNT_TYPE_OFFSET && m[ACCOUNT_TYPE_OFFSET] == 1);
        if !is_mint || m[45] != 1 {
            return Err(ReceiverError::InvalidMint.into());
        }
        token_extensions::check_mint(&m)?;
        m[44]
    };
    // SAFETY: the handler holds no mutable borrow of any account's data yet.
    unsafe { token_extensions::check_payer_token(payer_token, token_program_id) }?;

    let v = verify(program_id, args, signature, payer, config, whitelist, replay, mint.address().as_array())?;

    // Solver token account: of this mint, owned by the solver, initialized.
    let before = {
        if !solver_token.owned_by(token_program_id) {
            return Err(ReceiverError::InvalidTokenAccount.into());
        }
        let t = solver_token.try_borrow()?;
        let is_account = t.len() == TOKEN_ACCOUNT_LEN
            || (t.len() > ACCOUNT_TYPE_OFFSET && t[ACCOUNT_TYPE_OFFSET] == 2);
        if !is_account || &t[..32] != mint.address().as_ref() || t[108] == 0 {
            return Err(ReceiverError::InvalidTokenAccount.into());
        }
        if t[32..64] != v.solver_svm {
            return Err(ReceiverError::InvalidSolverAccount.into());
        }
        read_amount(&t)?
    };

    record(program_id, args, payer, replay, 0, v.now)?;
    transfer_checked(token_program, payer_token, mint, solver_token, payer, v.amount, decimals)?;

    let after = read_amount(&solver_token.try_borrow()?)?;
    if after.checked_sub(before) != Some(v.amount) {
        return Err(ReceiverError::DeliveredAmountMismatch.into());
    }
    emit(args, &v, solver_token);
    Ok(())
}

/// The `amount` field of a token account. No panicking index: the program is panic-free (a
/// panic path would pull core's formatting machinery in, and sbpf-linker 0.1.9 links calls into it
/// out of bounds, which the loader's verifier rejects at deploy).
#[inline(always)]
fn read_amount(token_account: &[u8]) -> Result<u64, ProgramError> {
    match token_account.get(64..72) {
        Some(&[a, b, c, d, e, f, g, h]) => Ok(u64::from_le_bytes([a, b, c, d, e, f, g, h])),
        _ => Err(ReceiverError::InvalidTokenAccount.into()),
    }
}
