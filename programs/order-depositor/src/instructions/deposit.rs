//! `order_deposit_native(order, signature, replay_bump)` and `order_deposit_token(...)`: accept
//! the payment of an order's input only under the checks of the Solidity order-gated depositor,
//! then deposit it into the depository by CPI with `id = orderId`, `depositor = payer`.
//!
//! Args: `order: Order` (Borsh, see the IDL), `signature: bytes` (65 or 64 bytes),
//! `replay_bump: u8` (canonical bump of `["replay", orderId]`).
//!
//! The order must name the solver that signed it (`order.solver`), as on EVM.
//!
//! Accounts, native: 0 `[signer, writable]` payer, 1 `[]` config, 2 `[writable]` replay PDA,
//! 3 `[]` depository program, 4 `[]` depository's relay_depository, 5 `[writable]` depository's
//! vault, 6 `[]` system program, then one `[]` whitelist entry per output payment, in order.
//! Token: 0 payer, 1 config, 2 replay PDA, 3 depository program, 4 relay_depository, 5 `[]`
//! vault, 6 `[]` mint, 7 `[writable]` payer token account, 8 `[writable]` vault token account,
//! 9 `[]` token program, 10 `[]` associated token program, 11 `[]` system program, then the
//! whitelist entries.
//!
//! The amount is measured, not trusted: the vault's balance (lamports, or its token account's
//! amount) must grow by exactly the input's amount across the depository CPI.

use crate::{
    event::{OrderDeposited, ORDER_DEPOSITED_DISCRIMINATOR},
    state::{recipient_key, OrderDepositorConfig, OrderRecipient, PaidRequest, REPLAY_SEED},
};
use attested_receiver::{
    checks,
    cpi::{create_pda, CreatePda},
};
use attestkit_receiver_interface::{
    attestation::{is_authorized_signer, EvmAddress},
    crypto::Syscalls,
    error::ReceiverError,
    order::{
        borsh::Reader,
        depository::{deposit_data, discriminator as depository_ix, DEPOSITORY_PROGRAM_ID},
        eip712::order_id,
        error::OrderError,
        layout::{word_to_u64, Decode, Order},
        signature::order_signer,
    },
    state::{self, paid_request::STATUS_PAID, AccountType},
};
use pinocchio::{
    cpi::{invoke, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

struct DepositArgs<'a> {
    order: Order<'a>,
    signature: &'a [u8],
    replay_bump: u8,
}

fn parse(data: &[u8]) -> Result<DepositArgs<'_>, ProgramError> {
    let mut reader = Reader::new(data);
    let order = Order::decode(&mut reader)?;
    let signature = reader.bytes()?;
    let replay_bump = reader.u8()?;
    reader.finish()?;
    Ok(DepositArgs { order, signature, replay_bump })
}

/// What the checks hand to the payment step.
struct Accepted {
    id: [u8; 32],
    amount: u64,
    signer: EvmAddress,
    now: i64,
}

/// The accounts every order check reads.
struct Gate<'a> {
    payer: &'a AccountView,
    config: &'a AccountView,
    replay: &'a AccountView,
    whitelist: &'a [AccountView],
}

/// Every check but the measured amount, cheapest first; the secp256k1 recovery last.
/// `currency`: 32 zero bytes for native, the mint for tokens.
fn accept(program_id: &Address, args: &DepositArgs, gate: &Gate, currency: &[u8; 32]) -> Result<Accepted, ProgramError> {
    checks::signer(gate.payer)?;
    checks::writable(gate.payer)?;
    checks::writable(gate.replay)?;
    let cfg = state::load::<OrderDepositorConfig>(gate.config, program_id)?;
    if cfg.is_paused() {
        return Err(ReceiverError::Paused.into());
    }
    let order = &args.order;

    // The input that pays this chain: currency and amount.
    let mut payment = None;
    for input in order.inputs.iter() {
        let input = input?;
        if input.payment.chain_id == cfg.chain_id() {
            payment = Some(input.payment);
            break;
        }
    }
    let payment = payment.ok_or(OrderError::InputChainNotFound)?;
    if payment.currency != currency {
        return Err(OrderError::InputCurrencyMismatch.into());
    }
    let amount = word_to_u64(payment.amount).ok_or(OrderError::InputAmountTooLarge)?;
    if amount == 0 {
        return Err(OrderError::ZeroInputAmount.into());
    }

    // Expiry.
    let now = Clock::get()?.unix_timestamp;
    if now > i64::from(order.output.deadline) {
        return Err(OrderError::OrderExpired.into());
    }

    // Every output recipient whitelisted, entry i for payment i.
    if gate.whitelist.len() != order.output.payments.len() {
        return Err(OrderError::WhitelistAccountsMismatch.into());
    }
    for (payment, entry) in order.output.payments.iter().zip(gate.whitelist) {
        let key = recipient_key::<Syscalls>(order.output.chain_id, payment?.recipient);
        if !entry.owned_by(program_id) || state::load::<OrderRecipient>(entry, program_id)?.key != key {
            return Err(OrderError::RecipientNotWhitelisted.into());
        }
    }

    // Replay: the canonical PDA of the id, not created yet.
    let id = order_id::<Syscalls>(order)?;
    checks::replay_pda(gate.replay, &id, args.replay_bump, program_id)?;
    if gate.replay.owned_by(program_id) {
        return Err(OrderError::OrderAlreadyUsed.into());
    }
    if !gate.replay.owned_by(&checks::SYSTEM_PROGRAM_ID) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }

    // The solver signed this id.
    let signer = order_signer::<Syscalls>(&id, args.signature)?;
    if !is_authorized_signer(&signer, &cfg.solver, &cfg.previous_solver, cfg.previous_valid_until(), now) {
        return Err(ReceiverError::SignerMismatch.into());
    }
    // The order's solver (exclusive filling rights) is the one that signed it.
    if order.solver != &signer {
        return Err(OrderError::OrderSolverMismatch.into());
    }
    Ok(Accepted { id, amount, signer, now })
}

/// Creates the replay record of the order id (rent from the payer).
fn record(program_id: &Address, args: &DepositArgs, accepted: &Accepted, payer: &AccountView, replay: &mut AccountView) -> ProgramResult {
    let bump = [args.replay_bump];
    let seeds = [Seed::from(REPLAY_SEED), Seed::from(&accepted.id), Seed::from(&bump)];
    create_pda(CreatePda {
        payer,
        pda: &mut *replay,
        space: PaidRequest::LEN as u64,
        extra: 0,
        owner: program_id,
        signer: Signer::from(&seeds),
    })?;
    state::init::<PaidRequest>(replay, |r| {
        r.bump = args.replay_bump;
        r.status = STATUS_PAID;
        r.recorded_at = accepted.now.to_le_bytes();
        r.by = payer.address().to_bytes();
    })
}

fn emit(accepted: &Accepted, payer: &AccountView, currency: &[u8; 32]) {
    OrderDeposited {
        discriminator: ORDER_DEPOSITED_DISCRIMINATOR,
        order_id: accepted.id,
        payer: payer.address().to_bytes(),
        currency: *currency,
        amount: accepted.amount.to_le_bytes(),
        signer: accepted.signer,
    }
    .emit();
}

#[inline(always)]
fn check_depository(program: &AccountView) -> ProgramResult {
    if program.address() == &DEPOSITORY_PROGRAM_ID {
        Ok(())
    } else {
        Err(OrderError::InvalidDepositoryProgram.into())
    }
}

#[inline(always)]
fn check_received(before: u64, after: u64, amount: u64) -> ProgramResult {
    if after.checked_sub(before) == Some(amount) {
        Ok(())
    } else {
        Err(OrderError::DepositedAmountMismatch.into())
    }
}

pub fn native(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let args = parse(data)?;
    let [payer, config, replay, depository, relay_depository, vault, system_program, whitelist @ ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    check_depository(depository)?;
    checks::system_program(system_program)?;
    checks::distinct(payer, vault)?;
    const NATIVE: [u8; 32] = [0; 32];
    let accepted = accept(program_id, &args, &Gate { payer, config, replay, whitelist }, &NATIVE)?;
    record(program_id, &args, &accepted, payer, replay)?;

    let before = vault.lamports();
    let data = deposit_data(&depository_ix::DEPOSIT_NATIVE, accepted.amount, &accepted.id);
    let metas = [
        InstructionAccount::readonly(relay_depository.address()),
        InstructionAccount::writable_signer(payer.address()),
        InstructionAccount::readonly(payer.address()),
        InstructionAccount::writable(vault.address()),
        InstructionAccount::readonly(system_program.address()),
    ];
    invoke(
        &InstructionView { program_id: &DEPOSITORY_PROGRAM_ID, accounts: &metas, data: &data },
        &[&*relay_depository, &*payer, &*payer, &*vault, &*system_program],
    )?;
    check_received(before, vault.lamports(), accepted.amount)?;
    emit(&accepted, payer, &NATIVE);
    Ok(())
}

/// The `amount` of a token account of `token_program`; 0 while it does not exist yet (the
/// depository creates the vault's associated token account on first use).
fn token_amount(account: &AccountView, token_program: &Address) -> Result<u64, ProgramError> {
    if account.is_data_empty() {
        return Ok(0);
    }
    if !account.owned_by(token_program) {
        return Err(ReceiverError::InvalidTokenAccount.into());
    }
    match account.try_borrow()?.get(64..72) {
        Some(&[a, b, c, d, e, f, g, h]) => Ok(u64::from_le_bytes([a, b, c, d, e, f, g, h])),
        _ => Err(ReceiverError::InvalidTokenAccount.into()),
    }
}

pub fn token(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let args = parse(data)?;
    let [payer, config, replay, depository, relay_depository, vault, mint, payer_token, vault_token, token_program, ata_program, system_program, whitelist @ ..] =
        accounts
    else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    check_depository(depository)?;
    checks::token_program(token_program)?;
    checks::system_program(system_program)?;
    checks::distinct(payer_token, vault_token)?;
    if !mint.owned_by(token_program.address()) {
        return Err(ReceiverError::InvalidMint.into());
    }
    let currency = mint.address().to_bytes();
    let accepted = accept(program_id, &args, &Gate { payer, config, replay, whitelist }, &currency)?;
    record(program_id, &args, &accepted, payer, replay)?;

    let before = token_amount(vault_token, token_program.address())?;
    let data = deposit_data(&depository_ix::DEPOSIT_TOKEN, accepted.amount, &accepted.id);
    let metas = [
        InstructionAccount::readonly(relay_depository.address()),
        InstructionAccount::writable_signer(payer.address()),
        InstructionAccount::readonly(payer.address()),
        InstructionAccount::readonly(vault.address()),
        InstructionAccount::readonly(mint.address()),
        InstructionAccount::writable(payer_token.address()),
        InstructionAccount::writable(vault_token.address()),
        InstructionAccount::readonly(token_program.address()),
        InstructionAccount::readonly(ata_program.address()),
        InstructionAccount::readonly(system_program.address()),
    ];
    invoke(
        &InstructionView { program_id: &DEPOSITORY_PROGRAM_ID, accounts: &metas, data: &data },
        &[
            &*relay_depository,
            &*payer,
            &*payer,
            &*vault,
            &*mint,
            &*payer_token,
            &*vault_token,
            &*token_program,
            &*ata_program,
            &*system_program,
        ],
    )?;
    check_received(before, token_amount(vault_token, token_program.address())?, accepted.amount)?;
    emit(&accepted, payer, &currency);
    Ok(())
}
