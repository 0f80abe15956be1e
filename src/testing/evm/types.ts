import type { Abi, Address, Hex } from "viem";
import type { RefusalClass } from "../refusal.ts";
import type { RequestDataStruct } from "../sign.ts";
import type { EvmCall } from "./call.ts";
import type { EvmConformanceEnv } from "./env.ts";

/** Which entry point a payment uses: by the attested currency, or forced to one. */
export type EvmPaymentRoute = "byCurrency" | "native" | "token";

/** One payment attempt the catalogue sends as `payer`. */
export interface EvmPayment {
  data: RequestDataStruct;
  deadline: bigint;
  signature: Hex;
  payer: Address;
  /** Native value sent when the payment goes through the native entry point. */
  value: bigint;
  route: EvmPaymentRoute;
}

export type { EvmCall };

/** What the catalogue asks the adapter to deploy (or to point a deployed receiver at). */
export interface EvmReceiverSetup {
  owner: Address;
  solver: Address;
  maxDeadlineWindow: number;
  destinationChainId: bigint;
  destinationUser: Hex;
  /** A plain EIP-2612 token the payer holds and approved. */
  token: Address;
  /** A token the catalogue switches into hostile behaviours (fee, rebase, false return, re-entry, ...). */
  hostileToken: Address;
}

/**
 * How the catalogue drives your receiver. `deploy`, `payCall` and `isPaid` are required; each optional
 * admin call left out marks its properties not applicable (with the reason in the report). The catalogue sends
 * each admin call from the owner, and from a stranger who must be refused (`admin.*ByStranger`).
 */
export interface EvmReceiverAdapter {
  /** Shown in the report. */
  name: string;
  /** Deploys the receiver (or attaches to one); returns its address and the account that administers it. */
  deploy(env: EvmConformanceEnv, setup: EvmReceiverSetup): Promise<{ receiver: Address; owner: Address }>;
  /** The transaction that sends `payment` (the catalogue sends it from `payment.payer`). */
  payCall(receiver: Address, payment: EvmPayment): EvmCall;
  /** Whether `requestId` is recorded as paid. */
  isPaid(env: EvmConformanceEnv, receiver: Address, requestId: Hex): Promise<boolean>;
  /** Rotation to `newSolver`, the outgoing key verifying for `gracePeriod` seconds (sent by the owner). */
  rotateSolverCall?(receiver: Address, newSolver: Address, gracePeriod: number): EvmCall;
  /** Pause or resume (sent by the owner). */
  pauseCall?(receiver: Address, paused: boolean): EvmCall;
  /** Invalidation of `requestId` (sent by the owner). */
  invalidateCall?(receiver: Address, requestId: Hex): EvmCall;
  /** Adding (`allowed`) or removing the destination `(chainId, user)` on the whitelist. */
  whitelistCall?(receiver: Address, chainId: bigint, user: Hex, allowed: boolean): EvmCall;
  /** Handing ownership (the admin role) to `newOwner`. */
  transferOwnershipCall?(receiver: Address, newOwner: Address): EvmCall;
  /** A token payment preceded by the payer's EIP-2612 permit for the receiver. */
  payWithPermitCall?(
    receiver: Address,
    payment: EvmPayment,
    permit: { deadline: bigint; v: number; r: Hex; s: Hex },
  ): EvmCall;
  /** Whose balance a payment signed by `signer` must grow by exactly the amount (default: `signer`). */
  paymentRecipient?(receiver: Address, signer: Address): Address;
  /** Properties that do not apply to this receiver, with the reason shown in the report. */
  notApplicable?: Readonly<Record<string, string>>;
  /** The custom error each refusal must revert with, by property id (decoded with `errorAbi`). */
  expectedErrors?: Readonly<Record<string, string>>;
  /**
   * The refusal class of each of your receiver's errors, by error name (merged over the reference's,
   * `REFERENCE_REFUSAL_CLASSES`): a refusal of another class than the property expects
   * (`ATTESTATION_REFUSALS`) fails it; an unclassified error is not judged.
   */
  refusalClasses?: Readonly<Record<string, RefusalClass>>;
  /** ABI holding the receiver's custom errors, to name them in the report. */
  errorAbi?: Abi;
}
