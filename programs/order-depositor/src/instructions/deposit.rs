//! `order_deposit_native(order, signature, replay_bump)` and `order_deposit_token(...)`: accept
//! the payment of an order's input only under the checks of the Solidity order-gated depositor,
//! then deposit it into the depository by CPI with `id = orderId`, `depositor = payer`.
//!
//! Args: `order: Order` (Borsh, see the IDL), `signature: bytes` (65 or 64 bytes),
//! `replay_bump: u8` (canonical bump of `["replay", orderId]`).
//!
//! The order must name the solver that signed it (`order.solver`), as on EVM. An order id
//! `invalidate_orders` invalidated fails with `OrderInvalidated`, one already paid with
//! `OrderAlreadyUsed`. Once the signature holds: the payer must be the recipient of the paid
//! input's first refund on this chain (`PayerNotRefundRecipient`, `NoRefundOnThisChain`), so
//! nobody but the account the service refunds can use up the order's one-time record; and an
//! order with `output.calls` is refused unless the owner allowed calls (`OutputCallsNotAllowed`).
//! Token payments also refuse the receiver's Token-2022 extensions (a mint with a permanent
//! delegate or a transfer hook, a payer token account with CPI Guard).
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
    state::{chain_id_len, recipient_key_parts, OrderDepositorConfig, OrderRecipient, PaidRequest, REPLAY_SEED},
};
use attested_receiver::{
    checks,
    cpi::{create_pda, CreatePda},
    token_extensions,
};
use attestkit_receiver_interface::{
    attestation::{is_authorized_signer, Crypto, EvmAddress},
    crypto::Syscalls,
    error::ReceiverError,
    order::{
        borsh::Reader,
        depository::{deposit_data, discriminator as depository_ix, DEPOSITORY_PROGRAM_ID},
        eip712::{hash_order, OrderVisitor},
        error::OrderError,
        layout::{word_to_u64, MAX_LIST_LEN},
        signature::order_signer,
    },
    state::{
        self,
        paid_request::{STATUS_INVALIDATED, STATUS_PAID},
        AccountType,
    },
    words::bytes_eq,
};
use core::mem::MaybeUninit;
use pinocchio::{
    cpi::{invoke_unchecked, CpiAccount, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// What the deposit checks of the order, seen while its id is hashed (one pass over the bytes).
struct Seen<'a, 'c> {
    /// This chain's protocol chain id (the config's).
    chain_id: &'c [u8],
    /// Currency and amount of the first input that pays `chain_id`.
    payment: Option<(&'a [u8], &'a [u8; 32])>,
    /// Whether the input being read is that one (its refunds follow its payment).
    in_paid_input: bool,
    /// Recipient of the paid input's first refund on `chain_id`.
    refund_recipient: Option<&'a [u8]>,
    /// How many `output.calls` the order carries.
    calls: usize,
    solver: &'a [u8; 20],
    output_chain_id: &'a [u8],
    recipients: [MaybeUninit<&'a [u8]>; MAX_LIST_LEN],
    recipient_count: usize,
    deadline: u32,
}

impl<'a> OrderVisitor<'a> for Seen<'a, '_> {
    type Error = ProgramError;

    #[inline(always)]
    fn solver(&mut self, solver: &'a [u8; 20]) {
        self.solver = solver;
    }

    #[inline(always)]
    fn input_payment(&mut self, chain_id: &'a [u8], currency: &'a [u8], amount: &'a [u8; 32]) {
        self.in_paid_input = self.payment.is_none() && bytes_eq(chain_id, self.chain_id);
        if self.in_paid_input {
            self.payment = Some((currency, amount));
        }
    }

    #[inline(always)]
    fn input_refund(&mut self, chain_id: &'a [u8], recipient: &'a [u8]) {
        if self.in_paid_input && self.refund_recipient.is_none() && bytes_eq(chain_id, self.chain_id) {
            self.refund_recipient = Some(recipient);
        }
    }

    #[inline(always)]
    fn output_chain_id(&mut self, chain_id: &'a [u8]) {
        self.output_chain_id = chain_id;
    }

    #[inline(always)]
    fn output_recipient(&mut self, index: usize, recipient: &'a [u8]) {
        if let Some(slot) = self.recipients.get_mut(index) {
            slot.write(recipient);
            self.recipient_count = index + 1;
        }
    }

    #[inline(always)]
    fn output_deadline(&mut self, deadline: u32) {
        self.deadline = deadline;
    }

    #[inline(always)]
    fn output_call(&mut self, _call: &'a [u8]) {
        self.calls += 1;
    }
}

impl<'a> Seen<'a, '_> {
    /// The output recipients, in order.
    #[inline(always)]
    fn recipients(&self) -> &[&'a [u8]] {
        // SAFETY: `output_recipient` wrote the first `recipient_count` slots (indices 0, 1, ...
        // in order, at most MAX_LIST_LEN); `MaybeUninit<T>` has the layout of `T`.
        unsafe { core::slice::from_raw_parts(self.recipients.as_ptr() as *const &'a [u8], self.recipient_count) }
    }
}

/// What the checks hand to the payment step.
struct Accepted<'i> {
    /// The order id, where `hash_order` wrote it.
    id: &'i [u8; 32],
    amount: u64,
    /// The solver that signed the id: the order's own `solver` field, once checked against the
    /// recovered signer (no copy of the recovered address).
    signer: &'i EvmAddress,
    now: i64,
    replay_bump: u8,
}

/// The instruction's arguments and the accounts every order check reads.
struct Gate<'d, 'a> {
    /// `order || signature || replay_bump` (Borsh).
    data: &'d [u8],
    payer: &'a AccountView,
    config: &'a AccountView,
    replay: &'a AccountView,
    whitelist: &'a [AccountView],
    /// 32 zero bytes for native, the mint for tokens.
    currency: &'a [u8; 32],
}

/// [`hash_order`] in a frame of its own: its list buffers (which it hashes in line) stay out of
/// the frame of the checks, whose registers and stack it would otherwise crowd.
#[inline(never)]
fn hash_order_seen<'i>(reader: &mut Reader<'i>, seen: &mut Seen<'i, '_>, id: &mut MaybeUninit<[u8; 32]>) -> Result<(), ProgramError> {
    hash_order::<Syscalls, _>(reader, seen, id)
}

/// Every check but the measured amount, cheapest first, then the secp256k1 recovery; the checks
/// of what a signed order allows (calls, payer) come after it, so a tampered order reports its
/// signature first. The args (`order`, `signature`, `replay_bump`) are read in the same pass that
/// hashes the order.
/// The order id goes to `id` (not copied).
fn accept<'i>(program_id: &Address, gate: &Gate<'i, '_>, id: &'i mut MaybeUninit<[u8; 32]>) -> Result<Accepted<'i>, ProgramError> {
    checks::signer(gate.payer)?;
    checks::writable(gate.payer)?;
    checks::writable(gate.replay)?;
    // SAFETY: the deposit takes no mutable borrow of any account's data before the checks end.
    let cfg = unsafe { state::view::<OrderDepositorConfig>(gate.config, program_id) }?;
    if cfg.is_paused() {
        return Err(ReceiverError::Paused.into());
    }

    let mut seen = Seen {
        chain_id: cfg.chain_id(),
        payment: None,
        in_paid_input: false,
        refund_recipient: None,
        calls: 0,
        solver: &[0; 20],
        output_chain_id: &[],
        recipients: [const { MaybeUninit::uninit() }; MAX_LIST_LEN],
        recipient_count: 0,
        deadline: 0,
    };
    let mut reader = Reader::new(gate.data);
    hash_order_seen(&mut reader, &mut seen, id)?;
    // SAFETY: written by `hash_order`, which returned Ok.
    let id: &'i [u8; 32] = unsafe { id.assume_init_ref() };
    let signature = reader.bytes()?;
    let replay_bump = reader.u8()?;
    reader.finish()?;

    // The input that pays this chain: currency and amount.
    let (payment_currency, payment_amount) = seen.payment.ok_or(OrderError::InputChainNotFound)?;
    if payment_currency != gate.currency {
        return Err(OrderError::InputCurrencyMismatch.into());
    }
    let amount = word_to_u64(payment_amount).ok_or(OrderError::InputAmountTooLarge)?;
    if amount == 0 {
        return Err(OrderError::ZeroInputAmount.into());
    }

    // Expiry: the deadline second itself still pays, as off chain (`verifyQuoteOrder`).
    let now = Clock::get()?.unix_timestamp;
    if now > i64::from(seen.deadline) {
        return Err(OrderError::OrderExpired.into());
    }

    // Every output recipient whitelisted, entry i for payment i.
    let recipients = seen.recipients();
    if gate.whitelist.len() != recipients.len() {
        return Err(OrderError::WhitelistAccountsMismatch.into());
    }
    let len = chain_id_len(seen.output_chain_id);
    let mut key_parts = recipient_key_parts(&len, seen.output_chain_id, &[]);
    let mut key = MaybeUninit::uninit();
    for (recipient, entry) in recipients.iter().zip(gate.whitelist) {
        key_parts[2] = recipient;
        Syscalls::keccak256_into(&key_parts, &mut key);
        // SAFETY: written by `keccak256_into`.
        check_whitelisted(entry, program_id, unsafe { key.assume_init_ref() })?;
    }

    // Replay: the canonical PDA of the id, not created yet.
    checks::replay_pda(gate.replay, id, replay_bump, program_id)?;
    if gate.replay.owned_by(program_id) {
        return Err(match state::load::<PaidRequest>(gate.replay, program_id)?.status {
            STATUS_INVALIDATED => OrderError::OrderInvalidated,
            _ => OrderError::OrderAlreadyUsed,
        }
        .into());
    }
    if !gate.replay.owned_by(&checks::SYSTEM_PROGRAM_ID) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }

    // The solver signed this id.
    // Read where the recovery returned it (a `?` would move the address out first).
    let recovered = order_signer::<Syscalls>(id, signature);
    let signer = recovered.as_ref().map_err(|e| *e)?;
    if !is_authorized_signer(signer, &cfg.solver, &cfg.previous_solver, cfg.previous_valid_until(), now) {
        return Err(ReceiverError::SignerMismatch.into());
    }
    // The order's solver (exclusive filling rights) is the one that signed it.
    if seen.solver != signer {
        return Err(OrderError::OrderSolverMismatch.into());
    }
    // Calls run on the destination chain and can send the output anywhere: the owner opts in.
    if seen.calls != 0 && !cfg.calls_allowed() {
        return Err(OrderError::OutputCallsNotAllowed.into());
    }
    // Only the account the service refunds pays: nobody else can use up the one-time record.
    let refund_recipient = seen.refund_recipient.ok_or(OrderError::NoRefundOnThisChain)?;
    if refund_recipient != gate.payer.address().as_ref() {
        return Err(OrderError::PayerNotRefundRecipient.into());
    }
    Ok(Accepted { id, amount, signer: seen.solver, now, replay_bump })
}

/// `entry` is this program's whitelist entry of `key`; `RecipientNotWhitelisted` when it is not
/// owned by this program (never created) or holds another key.
#[inline(always)]
fn check_whitelisted(entry: &AccountView, program_id: &Address, key: &[u8; 32]) -> ProgramResult {
    if !entry.owned_by(program_id) {
        return Err(OrderError::RecipientNotWhitelisted.into());
    }
    // SAFETY: the deposit takes no mutable borrow of any account's data before the checks end.
    if unsafe { state::view_owned::<OrderRecipient>(entry) }?.key != *key {
        return Err(OrderError::RecipientNotWhitelisted.into());
    }
    Ok(())
}

/// Creates the replay record of the order id (rent from the payer).
fn record(program_id: &Address, accepted: &Accepted, payer: &AccountView, replay: &mut AccountView) -> ProgramResult {
    let bump = [accepted.replay_bump];
    let seeds = [Seed::from(REPLAY_SEED), Seed::from(accepted.id), Seed::from(&bump)];
    create_pda(CreatePda {
        payer,
        pda: &mut *replay,
        space: PaidRequest::LEN as u64,
        extra: 0,
        owner: program_id,
        signer: Signer::from(&seeds),
    })?;
    state::init::<PaidRequest>(replay, |r| {
        r.bump = accepted.replay_bump;
        r.status = STATUS_PAID;
        r.recorded_at = accepted.now.to_le_bytes();
        r.by = payer.address().to_bytes();
    })
}

fn emit(accepted: &Accepted, payer: &AccountView, currency: &[u8; 32]) {
    OrderDeposited {
        discriminator: ORDER_DEPOSITED_DISCRIMINATOR,
        order_id: *accepted.id,
        payer: payer.address().to_bytes(),
        currency: *currency,
        amount: accepted.amount.to_le_bytes(),
        signer: *accepted.signer,
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

/// The depository CPI with `infos`, the account infos of the distinct non-executable accounts
/// among `metas`. The runtime takes each executable account a CPI names (a program) from its own
/// copy, charging its data length / 250, without looking for an account info, and a meta that
/// repeats an account uses that account's info: infos for them would only be built and skipped.
/// An account the runtime does not know as executable and finds no info for fails the CPI
/// (`MissingAccount`). pinocchio's `invoke` checks each meta against an info of its own, hence the
/// unchecked call: the metas are built from these very accounts, and the deposit holds no borrow
/// of any account's data across the call.
#[inline(always)]
fn invoke_depository(data: &[u8], metas: &[InstructionAccount], infos: &[CpiAccount]) {
    // SAFETY: no borrow of these accounts' data is alive (see above), so the callee's writes
    // alias nothing the program holds.
    unsafe { invoke_unchecked(&InstructionView { program_id: &DEPOSITORY_PROGRAM_ID, accounts: metas, data }, infos) };
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
    let [payer, config, replay, depository, relay_depository, vault, system_program, whitelist @ ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    check_depository(depository)?;
    checks::system_program(system_program)?;
    checks::distinct(payer, vault)?;
    const NATIVE: [u8; 32] = [0; 32];
    let mut id = MaybeUninit::uninit();
    let accepted = accept(program_id, &Gate { data, payer, config, replay, whitelist, currency: &NATIVE }, &mut id)?;
    record(program_id, &accepted, payer, replay)?;

    let before = vault.lamports();
    let data = deposit_data(&depository_ix::DEPOSIT_NATIVE, accepted.amount, accepted.id);
    let metas = [
        InstructionAccount::readonly(relay_depository.address()),
        InstructionAccount::writable_signer(payer.address()),
        InstructionAccount::readonly(payer.address()),
        InstructionAccount::writable(vault.address()),
        InstructionAccount::readonly(system_program.address()),
    ];
    invoke_depository(&data, &metas, &[&*relay_depository, &*payer, &*vault].map(CpiAccount::from));
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
    // SAFETY: the deposit holds no mutable borrow of a token account's data.
    match unsafe { account.borrow_unchecked() }.get(64..72) {
        Some(&[a, b, c, d, e, f, g, h]) => Ok(u64::from_le_bytes([a, b, c, d, e, f, g, h])),
        _ => Err(ReceiverError::InvalidTokenAccount.into()),
    }
}

pub fn token(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
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
    // SAFETY (both): the deposit takes no mutable borrow of any account's data before the
    // depository CPI.
    token_extensions::check_mint(unsafe { mint.borrow_unchecked() })?;
    unsafe { token_extensions::check_payer_token(payer_token, token_program.address()) }?;
    let currency = mint.address().as_array();
    let mut id = MaybeUninit::uninit();
    let accepted = accept(program_id, &Gate { data, payer, config, replay, whitelist, currency }, &mut id)?;
    record(program_id, &accepted, payer, replay)?;

    let before = token_amount(vault_token, token_program.address())?;
    let data = deposit_data(&depository_ix::DEPOSIT_TOKEN, accepted.amount, accepted.id);
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
    // The associated token program is the one program of the CPI the deposit does not check
    // itself: its info goes along unless it is executable, so that a stand-in reaches the
    // depository and is refused there (`InvalidAssociatedTokenProgram`) rather than by the runtime.
    let mut infos = [const { MaybeUninit::<CpiAccount>::uninit() }; 7];
    for (info, account) in infos.iter_mut().zip([&*relay_depository, &*payer, &*vault, &*mint, &*payer_token, &*vault_token]) {
        info.write(CpiAccount::from(account));
    }
    let passed = if ata_program.executable() {
        6
    } else {
        infos[6].write(CpiAccount::from(&*ata_program));
        7
    };
    // SAFETY: the first `passed` infos are written; `MaybeUninit<T>` has the layout of `T`.
    let infos = unsafe { core::slice::from_raw_parts(infos.as_ptr() as *const CpiAccount, passed) };
    invoke_depository(&data, &metas, infos);
    check_received(before, token_amount(vault_token, token_program.address())?, accepted.amount)?;
    emit(&accepted, payer, currency);
    Ok(())
}
