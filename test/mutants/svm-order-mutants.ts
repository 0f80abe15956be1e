// Mutants of the order-gated depositor (programs/order-depositor), each removing or weakening one
// check of its deposit gate, with the order catalogue property that must catch it. Patched in a
// copy of the sources only.
import type { SvmMutant } from "./svm-mutants.ts";

const GATE = "order-depositor/src/instructions/deposit.rs";
const ADMIN = "order-depositor/src/instructions/admin.rs";
const ATTESTATION = "receiver-interface/src/attestation.rs";

/** A mutant that deletes one statement of the deposit gate. */
const lineOff = (name: string, property: string, statement: string): SvmMutant => ({
  name,
  property,
  patches: [{ file: GATE, find: statement, replace: "" }],
});

const guardOff = (name: string, property: string, condition: string): SvmMutant => ({
  name,
  property,
  patches: [{ file: GATE, find: `if ${condition} {`, replace: "if false {" }],
});

export const SVM_ORDER_MUTANTS: readonly SvmMutant[] = [
  {
    name: "any input chain",
    property: "order.chain.input",
    patches: [
      {
        file: GATE,
        find: "self.in_paid_input = self.payment.is_none() && bytes_eq(chain_id, self.chain_id);",
        replace: "self.in_paid_input = self.payment.is_none();",
      },
    ],
  },
  guardOff(
    "input currency not bound",
    "order.currency.tokenPaidNatively",
    "payment_currency != gate.currency",
  ),
  guardOff("zero input accepted", "order.amount.zero", "amount == 0"),
  guardOff("no order deadline", "order.deadline.expired", "now > i64::from(seen.deadline)"),
  {
    name: "order deadline off by one",
    property: "order.deadline.expired",
    patches: [
      {
        file: GATE,
        find: "if now > i64::from(seen.deadline) {",
        replace: "if now >= i64::from(seen.deadline) {",
      },
    ],
  },
  {
    name: "output recipients not whitelisted",
    property: "order.whitelist.recipient",
    patches: [
      { file: GATE, find: "if !entry.owned_by(program_id) {", replace: "if false {" },
      {
        file: GATE,
        find: "if unsafe { state::view_owned::<OrderRecipient>(entry) }?.key != *key {",
        replace: "if false {",
      },
    ],
  },
  guardOff("used order ids not looked at", "order.replay.otherPayer", "gate.replay.owned_by(program_id)"),
  guardOff(
    "any signer",
    "order.signer.stranger",
    "!is_authorized_signer(signer, &cfg.solver, &cfg.previous_solver, cfg.previous_valid_until(), now)",
  ),
  guardOff(
    "payer not bound to the refund recipient",
    "order.payer.stranger",
    "refund_recipient != gate.payer.address().as_ref()",
  ),
  {
    name: "order without a refund here accepted",
    property: "order.payer.noRefundHere",
    patches: [
      {
        file: GATE,
        find: "seen.refund_recipient.ok_or(OrderError::NoRefundOnThisChain)?",
        replace: "seen.refund_recipient.unwrap_or(gate.payer.address().as_ref())",
      },
    ],
  },
  guardOff("output calls not refused", "order.calls.refused", "seen.calls != 0 && !cfg.calls_allowed()"),
  {
    name: "calls setting not stored",
    property: "order.calls.ownerAllows",
    patches: [
      {
        file: ADMIN,
        find: "as_owner::<OrderDepositorConfig>(program_id, accounts)?.calls_allowed = allowed as u8;",
        replace: "as_owner::<OrderDepositorConfig>(program_id, accounts)?;",
      },
    ],
  },
  // The account, token and admin checks the SVM order catalogue's substitution properties name.
  {
    name: "depository program not checked",
    property: "order.account.depositorySubstitution",
    patches: [
      {
        file: GATE,
        find: "if program.address() == &DEPOSITORY_PROGRAM_ID {",
        replace: "if true {",
      },
    ],
  },
  lineOff("token program not checked", "order.token.fakeProgram", "checks::token_program(token_program)?;"),
  lineOff("payer's signature not checked", "order.payer.notSigner", "checks::signer(gate.payer)?;"),
  lineOff(
    "token accounts may be the same",
    "order.account.duplicate",
    "checks::distinct(payer_token, vault_token)?;",
  ),
  lineOff(
    "mint extensions not checked",
    "order.token2022.permanentDelegate",
    "token_extensions::check_mint(unsafe { mint.borrow_unchecked() })?;",
  ),
  lineOff(
    "payer's CPI Guard not checked",
    "order.token2022.cpiGuard",
    "unsafe { token_extensions::check_payer_token(payer_token, token_program.address()) }?;",
  ),
  {
    name: "token deposit not measured",
    property: "order.token.feeOnTransfer",
    patches: [
      {
        file: GATE,
        find: "check_received(before, token_amount(vault_token, token_program.address())?, accepted.amount)?;",
        replace: "let _ = before;",
      },
    ],
  },
  {
    name: "invalidated order reported as used",
    property: "order.invalidation.refused",
    patches: [
      {
        file: GATE,
        find: "STATUS_INVALIDATED => OrderError::OrderInvalidated,",
        replace: "STATUS_INVALIDATED => OrderError::OrderAlreadyUsed,",
      },
    ],
  },
  guardOff("order's solver not compared", "order.solver.named", "seen.solver != signer"),
  guardOff("pause ignored", "order.pause.refused", "cfg.is_paused()"),
  {
    name: "grace end inclusive",
    property: "order.rotation.grace",
    patches: [
      {
        file: ATTESTATION,
        find: "&& now < previous_valid_until)",
        replace: "&& now <= previous_valid_until)",
      },
    ],
  },
  // What the depository is paid under: the order id and the payer as depositor.
  {
    name: "native deposit under another id",
    property: "order.pay.native",
    patches: [
      {
        file: GATE,
        find: "deposit_data(&depository_ix::DEPOSIT_NATIVE, accepted.amount, accepted.id)",
        replace: "deposit_data(&depository_ix::DEPOSIT_NATIVE, accepted.amount, &[0u8; 32])",
      },
    ],
  },
  {
    name: "token deposit under another id",
    property: "order.pay.token",
    patches: [
      {
        file: GATE,
        find: "deposit_data(&depository_ix::DEPOSIT_TOKEN, accepted.amount, accepted.id)",
        replace: "deposit_data(&depository_ix::DEPOSIT_TOKEN, accepted.amount, &[0u8; 32])",
      },
    ],
  },
  {
    name: "native deposit credited to another depositor",
    property: "order.pay.native",
    patches: [
      {
        file: GATE,
        find: `        InstructionAccount::readonly(payer.address()),
        InstructionAccount::writable(vault.address()),`,
        replace: `        InstructionAccount::readonly(relay_depository.address()),
        InstructionAccount::writable(vault.address()),`,
      },
    ],
  },
];
