import type { Abi, Address, Hex, Log } from "viem";
import type { EncodedOrder } from "../../orders/types.ts";
import type { RefusalClass } from "../refusal.ts";
import type { EvmConformanceEnv } from "./env.ts";
import type { EvmCall, EvmPaymentRoute } from "./types.ts";

/** One order payment attempt the order catalogue sends as `payer`. */
export interface EvmOrderPayment {
  /** The order with its addresses and currencies VM-encoded (what `ProtocolOrder.Order` takes). */
  order: EncodedOrder;
  signature: Hex;
  payer: Address;
  /** Native value sent when the payment goes through the native entry point. */
  value: bigint;
  route: EvmPaymentRoute;
}

/** What the order catalogue asks the adapter to deploy (or to point a deployed contract at). */
export interface EvmOrderReceiverSetup {
  owner: Address;
  /** The solver whose order signatures the contract trusts. */
  solver: Address;
  /** This chain's protocol chain id string (`"base"`): the input the contract must take. */
  chainId: string;
  /** The output chain and the VM-encoded output recipient to whitelist. */
  outputChainId: string;
  outputRecipient: Hex;
  /** A plain EIP-2612 token the payer holds and approved. */
  token: Address;
  /** A token the catalogue switches into hostile behaviours. */
  hostileToken: Address;
}

/** One deposit a depository recorded: the id it is filed under and the depositor it credits. */
export interface EvmOrderDeposit {
  id: Hex;
  depositor: Address;
}

/**
 * How the order catalogue drives your order-paying contract. `deploy`, `payCall`, `isPaid` and
 * `paymentRecipient` are required; each optional admin call left out marks its properties not applicable.
 * The catalogue sends each admin call from the owner, and from a stranger who must be refused
 * (`order.admin.*ByStranger`).
 */
export interface EvmOrderReceiverAdapter {
  /** Shown in the report. */
  name: string;
  /** Deploys the contract (or attaches to one); returns its address and the account that administers it. */
  deploy(
    env: EvmConformanceEnv,
    setup: EvmOrderReceiverSetup,
  ): Promise<{ receiver: Address; owner: Address }>;
  /** The transaction that pays `payment` (the catalogue sends it from `payment.payer`). */
  payCall(receiver: Address, payment: EvmOrderPayment): EvmCall;
  /** Whether `orderId` is recorded as paid. */
  isPaid(env: EvmConformanceEnv, receiver: Address, orderId: Hex): Promise<boolean>;
  /** Whose balance a payment must grow by exactly the input's amount (the contract, or its depository). */
  paymentRecipient(env: EvmConformanceEnv, receiver: Address): Promise<Address>;
  /** Pause or resume (sent by the owner). */
  pauseCall?(receiver: Address, paused: boolean): EvmCall;
  /** Invalidation of `orderId` (sent by the owner). */
  invalidateCall?(receiver: Address, orderId: Hex): EvmCall;
  /** Allow or refuse orders with `output.calls` (sent by the owner). */
  allowCallsCall?(receiver: Address, allowed: boolean): EvmCall;
  /** Rotation to `newSolver`, the outgoing key verifying for `gracePeriod` seconds (sent by the owner). */
  rotateSolverCall?(receiver: Address, newSolver: Address, gracePeriod: number): EvmCall;
  /** Adding (`allowed`) or removing the output recipient `(chainId, recipient)` on the whitelist. */
  whitelistCall?(receiver: Address, chainId: string, recipient: Hex, allowed: boolean): EvmCall;
  /** Handing ownership (the admin role) to `newOwner`. */
  transferOwnershipCall?(receiver: Address, newOwner: Address): EvmCall;
  /**
   * The deposits a successful payment's `logs` record at `depository` (the `paymentRecipient`), read from the
   * depository's own events: every paid order must be exactly one deposit under its id crediting the payer.
   * `relayDepositoryDeposits` reads the service's EVM depository. Absent: `order.deposit.record` is not
   * applicable (failed in strict mode).
   */
  deposits?(logs: readonly Log[], depository: Address): readonly EvmOrderDeposit[];
  /** The longest `output.deadline - now` the contract accepts, in seconds; absent when it has no maximum. */
  deadlineWindow?: number;
  /**
   * Opt-in properties to run: their premise is a design choice, so they are reported not applicable unless
   * named here (`order.replay.acrossDepositors`: every contract of the solver shares one replay record).
   */
  optIn?: readonly string[];
  /** Properties that do not apply to this contract, with the reason shown in the report. */
  notApplicable?: Readonly<Record<string, string>>;
  /** The custom error each refusal must revert with, by property id (decoded with `errorAbi`). */
  expectedErrors?: Readonly<Record<string, string>>;
  /**
   * The refusal class of each of your contract's errors, by error name (merged over the reference's names,
   * `REFERENCE_REFUSAL_CLASSES`): a property refused with an error of another class than it expects fails
   * ("refused as deadline (DeadlineTooFar), expected signature"); an unclassified error is not judged.
   */
  refusalClasses?: Readonly<Record<string, RefusalClass>>;
  /** ABI holding the contract's custom errors, to name them in the report. */
  errorAbi?: Abi;
}
