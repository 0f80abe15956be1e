import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
import type { Hex } from "viem";
import type { EncodedOrder } from "../../orders/types.ts";
import type { RefusalClass } from "../refusal.ts";
import type { SvmConformanceEnv } from "./env.ts";

/** One attempt to pay an order's input on this chain. The adapter builds the instruction from these values as given. */
export interface SvmOrderPayment {
  order: EncodedOrder;
  /** The solver's `orderSignature` (EIP-191 over the order id), or an attacker's bytes. */
  signature: Hex;
  payer: KeyPairSigner;
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

/** How the order catalogue drives your program (deployed and configured with `setup` before the run). */
export interface SvmOrderAdapter {
  name: string;
  setup: SvmOrderSetup;
  /** Pays the order's native input. */
  payInstructions(payment: SvmOrderPayment): Promise<Instruction[]>;
  /** The owner's instructions that allow or refuse orders with `output.calls` (signers embedded). */
  allowCallsInstructions?(allowed: boolean): Promise<Instruction[]>;
  /** Whether the program recorded `orderId` as used. */
  isPaid(env: SvmConformanceEnv, orderId: Hex): Promise<boolean>;
  /** The account whose lamports grow by the order's input amount when it is paid. */
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
