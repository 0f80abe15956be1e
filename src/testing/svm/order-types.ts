import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
import type { Hex } from "viem";
import type { EncodedOrder } from "../../orders/types.ts";
import type { RefusalClass } from "../refusal.ts";
import type { SvmConformanceEnv } from "./env.ts";

/** The token side of an order payment: the mint paid, its program, and the payer's account of it. */
export interface SvmOrderToken {
  /** The mint paid (the order's input currency, unless an attack pays another). */
  mint: Address;
  /** SPL Token, Token-2022, or an attacker's program posing as one. */
  tokenProgram: Address;
  /** The payer's token account of `mint`. */
  payerToken: Address;
}

/**
 * One attempt to pay an order's input on this chain. The adapter builds the instruction from these values as
 * given (a token payment when `token` is set; the replay record at `replayBump` when set).
 */
export interface SvmOrderPayment {
  order: EncodedOrder;
  /** The solver's `orderSignature` (EIP-191 over the order id), or an attacker's bytes. */
  signature: Hex;
  payer: KeyPairSigner;
  /** Pay the order's token input with these accounts (absent: its native input). */
  token?: SvmOrderToken;
  /** A replay-record bump other than the canonical one: pass it and the record's address at it. */
  replayBump?: number;
}

/**
 * The accounts a payment instruction passes, by the role they play, whatever their position in your program's
 * layout. The catalogue substitutes an attacker's account for one role in the instructions `payInstructions`
 * built (every account meta at that address), so a program with another layout is attacked the same way. A
 * role your program does not take is left out; the properties that substitute it are then not applicable.
 */
export interface SvmOrderAccounts {
  /** The signer paying the input (the order's refund recipient on this chain). */
  payer: Address;
  /** Where the program reads its trusted solver, chain id and settings. */
  config?: Address;
  /** The order id's one-time record. */
  replay?: Address;
  /** The depository program the payment is forwarded to. */
  depositoryProgram?: Address;
  /** The account whose lamports (native) or token account (`vaultToken`) receive the input. */
  vault?: Address;
  /** Token payments: the vault's token account of the mint. */
  vaultToken?: Address;
  /** Token payments: the token program. */
  tokenProgram?: Address;
  /** The whitelist entries of the order's output recipients, in order. */
  whitelist?: readonly Address[];
}

/** One deposit as the depository records it. */
export interface SvmOrderDeposit {
  /** The id the deposit was made under (the order id, for a payment of an order). */
  id: Hex;
  /** The account the deposit is credited to (the payer, for a payment of an order). */
  depositor: Address;
}

/** What the program under test trusts: the catalogue builds its orders from it. */
export interface SvmOrderSetup {
  /** The mock key whose order signatures the program accepts (never a real key). */
  solverKey: Hex;
  /** This chain's protocol chain id string (e.g. "solana"). */
  chainId: string;
  /** A whitelisted output: its chain id string and recipient (as the order encodes it). */
  outputChainId: string;
  outputRecipient: Hex;
}

/**
 * How the order catalogue drives your program (deployed and configured with `setup` before the run). Optional
 * hooks left out mark their properties not applicable (failed in strict mode).
 */
export interface SvmOrderAdapter {
  /** The program's name in the report. */
  name: string;
  /** What the program trusts: the catalogue's orders are built from it. */
  setup: SvmOrderSetup;
  /** Pays the order's input: native, or the token of `payment.token`. */
  payInstructions(payment: SvmOrderPayment): Promise<Instruction[]>;
  /**
   * The accounts `payInstructions(payment)` passes, by role: the account-substitution and token properties need
   * it (token payments are measured at `vaultToken`).
   */
  accounts?(payment: SvmOrderPayment): Promise<SvmOrderAccounts>;
  /** The replay record of `orderId` at `bump` (canonical when absent), for the PDA properties. */
  replayAddress?(orderId: Hex, bump?: number): Promise<Address>;
  /** The owner's instructions that allow or refuse orders with `output.calls` (signers embedded). */
  allowCallsInstructions?(allowed: boolean): Promise<Instruction[]>;
  /** Pauses or resumes, signed by `authority` (the owner when absent: the catalogue also tries a stranger). */
  pauseInstructions?(paused: boolean, authority?: KeyPairSigner): Promise<Instruction[]>;
  /** Makes `orderId` unpayable, signed by `authority` (the owner when absent: the catalogue also tries a stranger). */
  invalidateInstructions?(orderId: Hex, authority?: KeyPairSigner): Promise<Instruction[]>;
  /**
   * Trusts `solver` (a 20-byte EVM address) from now on, the outgoing solver still for `graceSeconds`, signed by
   * `authority` (the owner when absent: the catalogue also tries a stranger).
   */
  rotateSolverInstructions?(
    solver: Hex,
    graceSeconds: number,
    authority?: KeyPairSigner,
  ): Promise<Instruction[]>;
  /**
   * The deposits a successful payment's program logs record (the depository's events), each with the id and
   * depositor it was made under: with it, every paid order must be deposited exactly once, under its order id,
   * for its payer (the vault's balance alone does not say whose deposit it is).
   */
  deposits?(logs: readonly string[]): readonly SvmOrderDeposit[];
  /** Whether the program recorded `orderId` as used. */
  isPaid(env: SvmConformanceEnv, orderId: Hex): Promise<boolean>;
  /** The account whose lamports grow by the order's input amount when it is paid natively. */
  recipient: Address;
  /**
   * The longest `output.deadline - now` the program accepts, in seconds: valid orders are built inside it
   * and `order.deadline.maxWindow` is tested (absent: no maximum, the property is not applicable).
   */
  deadlineWindow?: number;
  notApplicable?: Readonly<Record<string, string>>;
  /**
   * The refusal class of each of your program's error codes (keyed by the code in decimal): a property
   * refused with a code of another class than it expects (`ORDER_REFUSALS`) fails; an unclassified code
   * is not judged.
   */
  refusalClasses?: Readonly<Record<string, RefusalClass>>;
  /** The custom error code each refusal must fail with, by property id. */
  expectedErrors?: Readonly<Record<string, number>>;
}
