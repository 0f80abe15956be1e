//! `example_order_integrator`: an SVM program of your own that takes a native payment for a
//! protocol order (`protocol.v2` of `POST /quote/v2`), with every check a correct integration
//! needs, on `attestkit-receiver-interface`; its account layout is its own (no config account, no
//! depository, no whitelist accounts: its trust and its one output are fixed at build time, see
//! [`config`]). It is what `docs/guides/test-your-receiver.md` writes an `SvmOrderAdapter` for.
//!
//! Instruction data: the order's Borsh bytes (the IDL's `Order`, `encodeOrderBorsh` in
//! TypeScript) with a u32 LE length first, the order record's canonical bump (u8), then the
//! solver's signature (65-byte `r || s || v` or 64-byte EIP-2098). Accounts: 0 `[signer,
//! writable]` payer (the order's refund recipient here), 1 `[writable]` order record PDA
//! `["replay", order_id]` (at the bump given), 2 `[writable]` the vault
//! ([`config::VAULT`]), 3 `[]` system program.
//! Effect: the record is created and exactly the input's amount moves from the payer to the vault.
//! Failures are the interface's `ReceiverError` and `OrderError` codes.
#![no_std]

pub mod config;

use attested_receiver::{
    checks::replay_pda,
    cpi::{create_pda, transfer_lamports, CreatePda},
};
use attestkit_receiver_interface::{
    crypto::Syscalls,
    error::ReceiverError,
    order::{
        error::OrderError,
        layout::{word_to_u64, Order},
        eip712::order_id,
        signature::order_signer,
    },
};
use config::{CHAIN_ID, OUTPUT_CHAIN_ID, OUTPUT_RECIPIENT, TRUSTED_SOLVER, VAULT};
use pinocchio::{
    cpi::{Seed, Signer},
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

pinocchio::program_entrypoint!(process_instruction, 4);
pinocchio::no_allocator!();
#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pinocchio::nostd_panic_handler!();

const SYSTEM_PROGRAM: Address = Address::new_from_array([0; 32]);
/// First seed of an order record (the receiver's replay seed: `replay_pda` checks it).
pub const RECORD_SEED: &[u8] = b"replay";
/// The record's data: the payer (32 bytes).
pub const RECORD_LEN: u64 = 32;

/// Takes the payment in `instruction_data` (see the crate docs) or fails with its specific error.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let [payer, record, vault, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    if !payer.is_signer() {
        return Err(ReceiverError::MissingSigner.into());
    }
    if !payer.is_writable() || !record.is_writable() || !vault.is_writable() {
        return Err(ReceiverError::AccountNotWritable.into());
    }
    if system_program.address() != &SYSTEM_PROGRAM {
        return Err(ReceiverError::InvalidSystemProgram.into());
    }
    if vault.address() != &VAULT {
        return Err(ReceiverError::InvalidSolverAccount.into());
    }
    let (length, rest) = instruction_data.split_first_chunk::<4>().ok_or(ReceiverError::InvalidInstructionData)?;
    let order_len = u32::from_le_bytes(*length) as usize;
    let (Some(order_bytes), Some((&bump, signature))) = (rest.get(..order_len), rest.get(order_len..).and_then(<[u8]>::split_first)) else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let order = Order::parse(order_bytes)?;
    let id = order_id::<Syscalls>(&order)?;

    // The input that pays this chain: native, a non-zero u64 amount.
    let mut paid = None;
    for input in order.inputs.iter() {
        let input = input?;
        if input.payment.chain_id == CHAIN_ID {
            paid = Some(input);
            break;
        }
    }
    let input = paid.ok_or(OrderError::InputChainNotFound)?;
    if input.payment.currency != [0u8; 32] {
        return Err(OrderError::InputCurrencyMismatch.into());
    }
    let amount = word_to_u64(input.payment.amount).ok_or(OrderError::InputAmountTooLarge)?;
    if amount == 0 {
        return Err(OrderError::ZeroInputAmount.into());
    }
    if Clock::get()?.unix_timestamp > i64::from(order.output.deadline) {
        return Err(OrderError::OrderExpired.into());
    }
    // The one output served: its chain, and every payment to its recipient.
    if order.output.chain_id != OUTPUT_CHAIN_ID {
        return Err(OrderError::RecipientNotWhitelisted.into());
    }
    for payment in order.output.payments.iter() {
        if payment?.recipient != OUTPUT_RECIPIENT {
            return Err(OrderError::RecipientNotWhitelisted.into());
        }
    }

    // Replay: the PDA of the id at its canonical bump, not created yet (a system account, maybe pre-funded).
    replay_pda(record, &id, bump, program_id)?;
    if record.owned_by(program_id) {
        return Err(OrderError::OrderAlreadyUsed.into());
    }
    if !record.owned_by(&SYSTEM_PROGRAM) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }

    // The trusted solver signed this id, and the order names it.
    let signer = order_signer::<Syscalls>(&id, signature)?;
    if signer != TRUSTED_SOLVER {
        return Err(ReceiverError::SignerMismatch.into());
    }
    if order.solver != &signer {
        return Err(OrderError::OrderSolverMismatch.into());
    }
    if !order.output.calls.is_empty() {
        return Err(OrderError::OutputCallsNotAllowed.into());
    }
    // Only the account the service refunds pays.
    let mut refund_recipient = None;
    for refund in input.refunds.iter() {
        let refund = refund?;
        if refund.chain_id == CHAIN_ID {
            refund_recipient = Some(refund.recipient);
            break;
        }
    }
    if refund_recipient.ok_or(OrderError::NoRefundOnThisChain)? != payer.address().as_ref() {
        return Err(OrderError::PayerNotRefundRecipient.into());
    }

    let bump_seed = [bump];
    let seeds = [Seed::from(RECORD_SEED), Seed::from(&id), Seed::from(&bump_seed)];
    create_pda(CreatePda { payer, pda: record, space: RECORD_LEN, extra: 0, owner: program_id, signer: Signer::from(&seeds) })?;
    let mut data = record.try_borrow_mut()?;
    let by: &mut [u8; 32] = data.get_mut(..32).and_then(|d| d.try_into().ok()).ok_or(ReceiverError::InvalidAccountDiscriminator)?;
    *by = payer.address().to_bytes();
    drop(data);
    // Amount: what ARRIVES in the vault, measured.
    let before = vault.lamports();
    transfer_lamports(payer, vault, amount)?;
    if vault.lamports().checked_sub(before) != Some(amount) {
        return Err(OrderError::DepositedAmountMismatch.into());
    }
    Ok(())
}
