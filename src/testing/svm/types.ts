import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
import type { Hex } from "viem";
import type { RefusalClass } from "../refusal.ts";
import type { RequestDataStruct } from "../sign.ts";
import type { SvmConformanceEnv } from "./env.ts";

/** The token accounts of a token payment. */
export interface SvmPaymentToken {
  mint: Address;
  payerToken: Address;
  recipientToken: Address;
  tokenProgram: Address;
}

/**
 * One payment attempt. The adapter must build the instruction from these values as given: the
 * catalogue substitutes accounts and bumps here to play a client that lies.
 */
export interface SvmPayment {
  /** The seven signed words (SVM addresses as their 32 raw bytes, native currency as zero). */
  data: RequestDataStruct;
  signature: Hex;
  deadline: bigint;
  payer: KeyPairSigner;
  /** What the payer sends (the attested amount unless a property changes it). */
  amount: bigint;
  /** Native payments: the account that receives the lamports. */
  recipient: Address;
  /** Token payments. */
  token?: SvmPaymentToken;
  /** A replay-record bump other than the canonical one (and its address). */
  replayBump?: number;
  /** A config account other than the program's (a look-alike the attacker controls). */
  config?: Address;
  /** Pass the whitelist entry of this destination instead of the attested one's. */
  whitelistOf?: { chainId: bigint; user: Hex };
}

/** What the catalogue asks the adapter to deploy. */
export interface SvmReceiverSetup {
  owner: KeyPairSigner;
  /** The private key that signs the catalogue's valid attestations (a mock key: never a real one). */
  solverKey: Hex;
  /** 20-byte EVM address whose attestations are accepted. */
  solverEvm: Hex;
  /** The account that receives payments. */
  solver: Address;
  maxDeadlineWindow: bigint;
  destinationChainId: bigint;
  /** 32-byte destination user as attested. */
  destinationUser: Hex;
}

/** Trust a program fixes at build time (no initialization): the catalogue uses these values. */
export type SvmFixedSetup = Partial<
  Pick<
    SvmReceiverSetup,
    "solverKey" | "solver" | "maxDeadlineWindow" | "destinationChainId" | "destinationUser"
  >
>;

/** How the catalogue drives your program. Optional hooks left out mark their properties not applicable. */
export interface SvmReceiverAdapter {
  name: string;
  /** For programs whose solver, destination and window are constants of the build. */
  fixedSetup?: SvmFixedSetup;
  /** Deploys and initializes the program for `setup` (or checks a fixed build matches it). */
  deploy(env: SvmConformanceEnv, setup: SvmReceiverSetup): Promise<void>;
  /** The instructions that pay `payment` (the catalogue signs them with the payer). */
  payInstructions(payment: SvmPayment): Promise<Instruction[]>;
  /** Whether `requestId` is recorded as paid. */
  isPaid(env: SvmConformanceEnv, requestId: Hex): Promise<boolean>;
  /** The replay record of `requestId` (canonical bump unless given), for the PDA properties. */
  replayAddress?(requestId: Hex, bump?: number): Promise<Address>;
  /** The program's config account, for the config-substitution property. */
  configAddress?(): Promise<Address>;
  /** Invalidates `requestId`, signed by `authority` (the owner unless given: the catalogue tries a stranger). */
  invalidateInstructions?(requestId: Hex, authority?: KeyPairSigner): Promise<Instruction[]>;
  /** Pauses or resumes, signed by `authority` (the owner unless given: the catalogue tries a stranger). */
  pauseInstructions?(paused: boolean, authority?: KeyPairSigner): Promise<Instruction[]>;
  /** Compute units a pre-funded replay record may add to a payment (default 1,500). */
  prefundedExtraComputeUnits?: number;
  notApplicable?: Readonly<Record<string, string>>;
  /**
   * The refusal class of each of your program's error codes (keyed by the code in decimal): a property refused
   * with a code of another class than it expects (`ATTESTATION_REFUSALS`) fails; an unclassified code is not
   * judged. A program on attestkit-receiver-interface's errors can pass `SVM_RECEIVER_REFUSAL_CLASSES`.
   */
  refusalClasses?: Readonly<Record<string, RefusalClass>>;
  /** The custom error code each refusal must fail with, by property id. */
  expectedErrors?: Readonly<Record<string, number>>;
}
