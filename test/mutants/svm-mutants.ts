// Mutants of the SVM reference program (programs/attested-receiver and the receiver-interface crate
// it builds on): each removes or weakens exactly one property, as text patches of a copy of the
// sources (never the sources themselves), with the catalogue property that must catch it.

export interface SvmPatch {
  /** Path under programs/. */
  file: string;
  find: string;
  replace: string;
}

export interface SvmMutant {
  name: string;
  /** The catalogue property that must fail on this mutant. */
  property: string;
  patches: readonly SvmPatch[];
}

const DEPOSIT = "attested-receiver/src/instructions/deposit.rs";
const INVALIDATE = "attested-receiver/src/instructions/invalidate.rs";
const ADMIN = "attested-receiver/src/instructions/admin.rs";
const CHECKS = "attested-receiver/src/checks.rs";
const EXTENSIONS = "attested-receiver/src/token_extensions.rs";
const ATTESTATION = "receiver-interface/src/attestation.rs";
const STATE = "receiver-interface/src/state/mod.rs";

/** A mutant that turns one `if <condition> {` guard of `file` off. */
const guardOff = (name: string, property: string, file: string, condition: string): SvmMutant => ({
  name,
  property,
  patches: [{ file, find: `if ${condition} {`, replace: "if false {" }],
});

/** A mutant that deletes one statement of `file`. */
const removed = (name: string, property: string, file: string, statement: string): SvmMutant => ({
  name,
  property,
  patches: [{ file, find: statement, replace: "" }],
});

export const SVM_MUTANTS: readonly SvmMutant[] = [
  guardOff("no pause check", "pause.refused", DEPOSIT, "cfg.is_paused()"),
  {
    name: "no chain binding (hashes the chain id given)",
    property: "chain.binding",
    patches: [
      {
        file: DEPOSIT,
        find: "if u64::from_le_bytes(args.origin_chain_id) != SVM_CHAIN_ID {",
        replace: "if false {",
      },
      {
        file: DEPOSIT,
        find: "let chain_word = u64_word(SVM_CHAIN_ID);",
        replace: "let chain_word = u64_word(u64::from_le_bytes(args.origin_chain_id));",
      },
    ],
  },
  guardOff("no payer binding", "payer.binding", DEPOSIT, "&args.origin_user != payer.address().as_array()"),
  guardOff("no currency binding", "currency.binding", DEPOSIT, "&args.origin_currency != currency"),
  guardOff("zero amount accepted", "amount.zero", DEPOSIT, "amount == 0"),
  guardOff(
    "sent amount not bound to the attested one",
    "amount.mismatch",
    DEPOSIT,
    "args.amount != args.origin_amount",
  ),
  guardOff(
    "amount not bound by the balance delta",
    "token2022.transferFee",
    DEPOSIT,
    "after.checked_sub(before) != Some(v.amount)",
  ),
  {
    name: "whitelist entry not bound to the destination",
    property: "whitelist.entrySubstitution",
    patches: [
      {
        file: DEPOSIT,
        find: "if entry.destination_chain_id != args.destination_chain_id\n            || entry.destination_user != args.destination_user\n        {",
        replace: "if false {",
      },
    ],
  },
  guardOff("replay record not looked at", "replay.sameSignature", DEPOSIT, "replay.owned_by(program_id)"),
  removed(
    "token path records no replay",
    "replay.token",
    DEPOSIT,
    "record(program_id, args, payer, replay, 0, v.now)?;",
  ),
  removed(
    "replay PDA not verified",
    "pda.nonCanonical",
    DEPOSIT,
    "checks::replay_pda(replay, &args.request_id, args.replay_bump, program_id)?;",
  ),
  {
    name: "invalidation records nothing",
    property: "invalidation.refused",
    patches: [
      {
        file: INVALIDATE,
        find: "*outcome = INVALIDATE_OUTCOME_INVALIDATED;",
        replace: "*outcome = INVALIDATE_OUTCOME_INVALIDATED;\n        continue;",
      },
    ],
  },
  guardOff(
    "owner instructions by anyone",
    "admin.pauseByStranger",
    ADMIN,
    "owner.address().as_ref() != cfg.owner()",
  ),
  guardOff(
    "invalidation by anyone",
    "admin.invalidateByStranger",
    INVALIDATE,
    "who != &cfg.owner && who != &cfg.solver_svm",
  ),
  {
    name: "program accounts' owner not checked",
    property: "account.configSubstitution",
    patches: [
      {
        file: STATE,
        find: "    if !account.owned_by(program_id) {\n        return Err(ReceiverError::InvalidAccountOwner.into());\n    }\n    let data = account.try_borrow()?;",
        replace: "    let data = account.try_borrow()?;",
      },
    ],
  },
  guardOff(
    "native recipient not checked",
    "account.recipientSubstitution",
    DEPOSIT,
    "solver.address().as_array() != &v.solver_svm",
  ),
  guardOff(
    "token recipient's owner not checked",
    "account.tokenRecipientSubstitution",
    DEPOSIT,
    "t[32..64] != v.solver_svm",
  ),
  {
    name: "any token program",
    property: "token.fakeProgram",
    patches: [
      {
        file: CHECKS,
        find: "if id == &TOKEN_PROGRAM_ID || id == &TOKEN_2022_PROGRAM_ID {",
        replace: "if true {",
      },
    ],
  },
  removed(
    "duplicate token accounts",
    "account.duplicate",
    DEPOSIT,
    "checks::distinct(payer_token, solver_token)?;",
  ),
  guardOff(
    "permanent delegate accepted",
    "token2022.permanentDelegate",
    EXTENSIONS,
    "is_set(extension(mint, PERMANENT_DELEGATE))",
  ),
  guardOff(
    "transfer hook accepted",
    "token2022.transferHook",
    EXTENSIONS,
    "is_set(extension(mint, TRANSFER_HOOK).and_then(|v| v.get(32..64)))",
  ),
  guardOff(
    "CPI guard not checked",
    "token2022.cpiGuard",
    EXTENSIONS,
    "is_set(extension(account, CPI_GUARD))",
  ),
  {
    name: "high-s accepted",
    property: "signature.highS",
    patches: [
      {
        file: ATTESTATION,
        find: "if s == (0, 0, 0, 0) || s > be_words(&SECP256K1_HALF_N) {",
        replace: "if s == (0, 0, 0, 0) {",
      },
    ],
  },
  {
    name: "v 0 and 1 accepted",
    property: "signature.v",
    patches: [
      {
        file: ATTESTATION,
        find: "27 => 0,\n                28 => 1,",
        replace: "0 | 27 => 0,\n                1 | 28 => 1,",
      },
    ],
  },
  {
    name: "trailing signature bytes ignored",
    property: "signature.length",
    patches: [{ file: ATTESTATION, find: "        65 => {", replace: "        65 | 66 => {" }],
  },
  {
    name: "any signer",
    property: "signer.stranger",
    patches: [
      { file: ATTESTATION, find: "    signer == current\n        ||", replace: "    true\n        ||" },
    ],
  },
  guardOff("no expiry", "deadline.expired", ATTESTATION, "deadline < now"),
  guardOff(
    "no maximum window",
    "deadline.maxWindow",
    ATTESTATION,
    "deadline > now.saturating_add(max_window)",
  ),
];
