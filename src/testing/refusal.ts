// Refusal classes: why a receiver refused, in words that do not depend on its error names. Each order property
// names the classes that count as its attack being refused for its own reason; the adapter classifies its errors
// once (the reference contracts' error names are classified by default), and a refusal of another class fails.

/** Why a payment was refused, independent of the receiver's own error names. */
export type RefusalClass =
  | "signature"
  | "solver"
  | "deadline"
  | "amount"
  | "currency"
  | "chain"
  | "replay"
  | "invalidated"
  | "whitelist"
  | "paused"
  | "payer"
  | "calls"
  /** An account passed in place of the one the program must use (program, config, record, vault...). */
  | "account"
  /** A token the program refuses to take (a Token-2022 extension, an account it cannot use). */
  | "token"
  /** An admin call or instruction from someone without the right to it. */
  | "unauthorized";

/** The class of each error of the reference contracts (order-gated depositor, attested receiver, signature rules). */
export const REFERENCE_REFUSAL_CLASSES: Readonly<Record<string, RefusalClass>> = {
  InvalidSignature: "signature",
  InvalidSignatureS: "signature",
  InvalidSignatureV: "signature",
  InvalidSignatureLength: "signature",
  SignerMismatch: "signature",
  OrderSolverMismatch: "solver",
  OutputDeadlinePassed: "deadline",
  ValueMismatch: "amount",
  ZeroAmount: "amount",
  DeliveredAmountMismatch: "amount",
  NotNativeCurrency: "currency",
  NotAToken: "currency",
  NoInputForThisChain: "chain",
  OrderAlreadyUsed: "replay",
  OrderIdInvalidated: "invalidated",
  RecipientNotWhitelisted: "whitelist",
  DepositorPaused: "paused",
  PayerNotRefundRecipient: "payer",
  NoRefundForThisChain: "payer",
  OutputCallsNotAllowed: "calls",
  ReceiverPaused: "paused",
  DeadlineExpired: "deadline",
  DeadlineBeyondMaxWindow: "deadline",
  OriginChainMismatch: "chain",
  PayerMismatch: "payer",
  CurrencyMismatch: "currency",
  DestinationNotWhitelisted: "whitelist",
  RequestAlreadyAccepted: "replay",
  RequestIdInvalidated: "invalidated",
  NotSolverOrOwner: "unauthorized",
  OwnableUnauthorizedAccount: "unauthorized",
};

const REPLAY: readonly RefusalClass[] = ["replay"];
const SIGNATURE: readonly RefusalClass[] = ["signature"];
const AMOUNT: readonly RefusalClass[] = ["amount"];
const WHITELIST: readonly RefusalClass[] = ["whitelist"];
const PAYER: readonly RefusalClass[] = ["payer"];
const CALLS: readonly RefusalClass[] = ["calls"];
const ACCOUNT: readonly RefusalClass[] = ["account"];
const TOKEN: readonly RefusalClass[] = ["token"];
const UNAUTHORIZED: readonly RefusalClass[] = ["unauthorized"];

/**
 * The refusal classes each order property accepts (the same ids and classes as the Solidity catalogue's
 * `expectedRefusal`). A property not listed (a token that reverts inside its own transfer) accepts any refusal.
 */
export const ORDER_REFUSALS: Readonly<Record<string, readonly RefusalClass[]>> = {
  "order.replay.sameSignature": REPLAY,
  "order.replay.later": REPLAY,
  "order.replay.otherPayer": REPLAY,
  "order.replay.compactForm": REPLAY,
  "order.replay.highSTwin": ["replay", "signature"],
  "order.replay.acrossDepositors": REPLAY,
  "order.binding.anyField": SIGNATURE,
  "order.signer.stranger": SIGNATURE,
  "order.signer.callerChosen": ["signature", "solver"],
  "order.solver.named": ["solver", "signature"],
  "order.signature.zeroAddress": SIGNATURE,
  "order.signature.highS": SIGNATURE,
  "order.signature.v": SIGNATURE,
  "order.signature.length": SIGNATURE,
  "order.amount.shortNative": AMOUNT,
  "order.amount.overNative": AMOUNT,
  "order.amount.zero": AMOUNT,
  "order.currency.tokenPaidNatively": ["currency", "amount"],
  "order.currency.nativePaidWithToken": ["currency", "amount"],
  "order.token.feeOnTransfer": AMOUNT,
  "order.token.rebasing": AMOUNT,
  "order.token.shares": AMOUNT,
  "order.chain.input": ["chain"],
  "order.deadline.expired": ["deadline"],
  "order.deadline.maxWindow": ["deadline"],
  "order.whitelist.recipient": WHITELIST,
  "order.whitelist.everyRecipient": WHITELIST,
  "order.whitelist.outputChain": WHITELIST,
  "order.payer.stranger": PAYER,
  "order.payer.noRefundHere": PAYER,
  "order.calls.refused": CALLS,
  "order.calls.ownerAllows": CALLS,
  "order.invalidation.refused": ["invalidated"],
  "order.pause.refused": ["paused"],
  "order.replay.token": REPLAY,
  "order.rotation.grace": SIGNATURE,
  "order.rotation.zeroGrace": SIGNATURE,
  "order.rotation.graceCap": SIGNATURE,
  "order.admin.pauseByStranger": UNAUTHORIZED,
  "order.admin.invalidateByStranger": UNAUTHORIZED,
  "order.admin.rotateByStranger": UNAUTHORIZED,
  "order.admin.whitelistByStranger": UNAUTHORIZED,
  "order.admin.callsByStranger": UNAUTHORIZED,
  "order.admin.ownershipByStranger": UNAUTHORIZED,
  // SVM only: what a program's accounts and tokens allow.
  "order.currency.otherMint": ["currency"],
  "order.payer.notSigner": PAYER,
  "order.account.configSubstitution": ACCOUNT,
  "order.account.depositorySubstitution": ACCOUNT,
  "order.account.vaultSubstitution": ACCOUNT,
  "order.account.vaultTokenSubstitution": ACCOUNT,
  "order.account.duplicate": ACCOUNT,
  "order.account.replaySubstitution": ACCOUNT,
  "order.pda.nonCanonical": ACCOUNT,
  "order.whitelist.entrySubstitution": WHITELIST,
  "order.token.fakeProgram": ACCOUNT,
  "order.token2022.permanentDelegate": TOKEN,
  "order.token2022.transferHook": TOKEN,
  "order.token2022.cpiGuard": TOKEN,
  "order.token2022.defaultFrozen": TOKEN,
  "order.token2022.nonTransferable": TOKEN,
};

/**
 * The refusal classes each attestation property accepts (the same as the Solidity catalogue's
 * `expectedRefusal`); a property not listed accepts any refusal.
 */
export const ATTESTATION_REFUSALS: Readonly<Record<string, readonly RefusalClass[]>> = {
  "replay.sameSignature": REPLAY,
  "replay.later": REPLAY,
  "replay.compactForm": REPLAY,
  "replay.fullForm": REPLAY,
  "replay.highSTwin": ["replay", "signature"],
  "replay.acrossReceivers": REPLAY,
  "replay.acrossChains": ["chain", "replay"],
  "signer.stranger": SIGNATURE,
  "signer.callerChosen": ["signature", "solver"],
  "signature.zeroAddress": SIGNATURE,
  "signature.highS": SIGNATURE,
  "signature.v": SIGNATURE,
  "signature.length": SIGNATURE,
  "amount.shortNative": AMOUNT,
  "amount.overNative": AMOUNT,
  "amount.zero": AMOUNT,
  "currency.tokenPaidNatively": ["currency", "amount"],
  "currency.nativePaidWithToken": ["currency", "amount"],
  "token.feeOnTransfer": AMOUNT,
  "token.standingBalance": AMOUNT,
  "token.rebasing": AMOUNT,
  "token.shares": AMOUNT,
  "payer.binding": PAYER,
  "chain.binding": ["chain"],
  "deadline.expired": ["deadline"],
  "deadline.maxWindow": ["deadline"],
  "whitelist.destination": WHITELIST,
  "invalidation.refused": ["invalidated"],
  "pause.refused": ["paused"],
  "rotation.grace": SIGNATURE,
  "rotation.zeroGrace": SIGNATURE,
  "rotation.graceCap": SIGNATURE,
  "replay.token": REPLAY,
  "admin.pauseByStranger": UNAUTHORIZED,
  "admin.invalidateByStranger": UNAUTHORIZED,
  "admin.rotateByStranger": UNAUTHORIZED,
  "admin.whitelistByStranger": UNAUTHORIZED,
  "admin.ownershipByStranger": UNAUTHORIZED,
  // SVM only: what a program's accounts and tokens allow.
  "amount.mismatch": AMOUNT,
  "currency.binding": ["currency", "amount"],
  "currency.nativeAsToken": ["currency", "amount"],
  "whitelist.entrySubstitution": WHITELIST,
  "account.configSubstitution": ACCOUNT,
  "account.recipientSubstitution": ACCOUNT,
  "account.tokenRecipientSubstitution": ACCOUNT,
  "account.duplicate": ACCOUNT,
  "token.fakeProgram": ACCOUNT,
  "pda.nonCanonical": ACCOUNT,
  "token2022.transferFee": AMOUNT,
  "token2022.permanentDelegate": TOKEN,
  "token2022.transferHook": TOKEN,
  "token2022.cpiGuard": TOKEN,
  "token2022.defaultFrozen": TOKEN,
  "token2022.nonTransferable": TOKEN,
};

/**
 * The violation, if any, of a refusal whose error was named `errorName`: its class (from `classes`, the
 * adapter's over the reference's) is not one `expected` accepts. An unclassified error is not judged.
 */
export function refusalMismatch(
  errorName: string,
  expected: readonly RefusalClass[] | undefined,
  classes: Readonly<Record<string, RefusalClass>> = {},
): string | undefined {
  if (!expected) return undefined;
  const actual = classes[errorName] ?? REFERENCE_REFUSAL_CLASSES[errorName];
  if (!actual || expected.includes(actual)) return undefined;
  return `refused as ${actual} (${errorName}), expected ${expected.join(" or ")}`;
}
