/**
 * The devnet SVM chain: a LiteSVM instance with the attested receiver deployed through the upgradeable
 * loader by the project's deploy script, a USDC mint (6 decimals) with funded token accounts, the
 * route-hop program behind every simulated swap source (so quoted routes execute as is), the protocol
 * depository program at its canonical id (`svm-depository.ts`). After setup
 * the chain runs as a validator (`SvmLedger`: timed slots, blockhash lifetime, history) behind a
 * Solana JSON-RPC and PubSub server on 127.0.0.1, and the mock service's SVM adapter reaches it
 * through that RPC's own handler in process (`svm-in-process-transport.ts`): the same methods and
 * answers as over HTTP, without a socket per poll.
 */

import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getBase58Encoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Transaction,
  type TransactionPartialSigner,
} from "@solana/kit";
import type { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { deployReceiver, liteSvmCluster } from "../deploy/svm.ts";
import { SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM } from "../orders/deposit-address/svm.ts";
import { ATTESTED_RECEIVER_PROGRAM_ADDRESS } from "../receiver/generated/programs/attestedReceiver.ts";
import { createSvmChainAdapter, installSvmRouteHops, type SvmChainAdapter } from "../service/chains/svm.ts";
import { SVM_ROLE_NAMES, type SvmRole, svmDevKeypair } from "./accounts.ts";
import type { BrowserPolicy } from "./browser-guard.ts";
import { createDevnetClock, type DevnetClock } from "./clock.ts";
import { MAINNET_FEATURES } from "./mainnet-features.ts";
import { isFailedTransaction, loadDevnetPeers } from "./peers.ts";
import { createSvmLedger, type FaucetLimits, type SvmLedger, serveSolanaRpc } from "./solana-rpc/index.ts";
import { followDevnetClock } from "./solana-rpc/surfnet-clock.ts";
import { installSvmDepositAddressProgram, svmDevSweeper } from "./svm-deposit-address.ts";
import { installSvmDepository } from "./svm-depository.ts";
import { inProcessSolanaTransport } from "./svm-in-process-transport.ts";
import {
  type DevnetReceiverSettings,
  devnetReceiverInit,
  USDC_DECIMALS,
  USDC_MINT_SPACE,
  usdcAccountOf,
  usdcFundingInstructions,
  usdcMintInstructions,
} from "./svm-setup.ts";
import { captureSvmState, restoreSvmState, type SvmChainState, trackSvmAccounts } from "./svm-state.ts";

export interface SvmDevChainOptions extends DevnetReceiverSettings {
  /** Slot length (default 400 ms). */
  slotTimeMs?: number;
  /** Solana JSON-RPC port on 127.0.0.1 (0, the default: a free port). */
  rpcPort?: number;
  /** PubSub (WebSocket) port on 127.0.0.1 (0, the default: a free port). */
  wsPort?: number;
  /** Browser origins and Host names both servers serve (loopback by default). */
  browserPolicy?: BrowserPolicy;
  /** `requestAirdrop`'s caps (default `DEFAULT_FAUCET_LIMITS`). */
  faucet?: FaucetLimits;
  /** The devnet's clock: slots, block times and the Clock sysvar follow it (default: a clock of its own). */
  clock?: DevnetClock;
  /** A saved chain (`state()`) to start from instead of deploying (`svm-state.ts`). */
  load?: SvmDevChainState;
}

/** The embedded chain's saved state: accounts and ledger, and where its programs' accounts are. */
export interface SvmDevChainState extends SvmChainState {
  receiverConfig: Address;
  depository: { program: Address; vault: Address };
}

export interface SvmSubmitResult {
  signature: string;
  slot: number;
  /** Block time (unix seconds) of the transaction's slot. */
  timestamp: number;
  logs: string[];
  computeUnits: number;
}

/** What the devnet needs of its SVM side, embedded (`SvmDevChain`) or on an external validator. */
export interface SvmChainBase {
  /** Solana JSON-RPC URL. */
  rpcUrl: string;
  /** Solana PubSub URL. */
  wsUrl: string;
  /** The mock service's adapter, over `rpcUrl` and `wsUrl`. */
  adapter: SvmChainAdapter;
  receiverProgram: Address;
  receiverConfig: Address;
  /** The protocol depository program (canonical id) and its vault, when the chain has it. */
  depository?: { program: Address; vault: Address };
  accounts: Readonly<Record<SvmRole, KeyPairSigner>>;
  usdc: { mint: Address; decimals: number };
  /** The associated token account of `owner` for the USDC mint. */
  usdcAccount(owner: Address): Promise<Address>;
  /** Stops the chain's RPC and PubSub servers and frees the ledger. */
  close(): Promise<void>;
}

/** The embedded SVM chain: LiteSVM in this process behind its own RPC and PubSub servers. */
export interface SvmDevChain extends SvmChainBase {
  svm: LiteSVM;
  ledger: SvmLedger;
  /** `http://127.0.0.1:<port>`: Solana JSON-RPC. */
  rpcUrl: string;
  /** `ws://127.0.0.1:<port>`: Solana PubSub. */
  wsUrl: string;
  /** The protocol depository program (canonical id) and its vault. */
  depository: { program: Address; vault: Address };
  /** A blockhash the chain handed out (valid for 150 slots). */
  latestBlockhash(): Blockhash;
  /**
   * Runs a signed transaction in the open slot, in process (what `sendTransaction` with preflight
   * skipped does). @throws Error naming the rejection or the program error, with the logs.
   */
  submit(tx: Transaction): SvmSubmitResult;
  /** Every account written since the start, the ledger's history and clock (`svm-state.ts`). */
  state(): SvmDevChainState;
  /** Puts the chain back to `state` (a snapshot's revert). */
  restore(state: SvmDevChainState): void;
}

const SOL = 1_000_000_000n;
/** What LiteSVM's own airdrop account holds (its default): the setup airdrops come from it. */
const AIRDROP_POOL_LAMPORTS = 1_000_000n * SOL;
const base58 = getBase58Encoder();

/** Sends setup instructions straight to LiteSVM (they are not deposits: the adapter never sees them). */
async function send(svm: LiteSVM, payer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  const result = svm.sendTransaction(tx);
  svm.expireBlockhash();
  if (isFailedTransaction<FailedTransactionMetadata>(result)) {
    throw new Error(
      `devnet SVM setup failed: ${result.err().toString()}\n${result.meta().logs().join("\n")}`,
    );
  }
}

/**
 * Runs a signed transaction on `ledger` in process (as `sendTransaction` with preflight skipped).
 * @throws Error naming the rejection or the transaction error (`SVM transaction failed: {...}`), with the logs.
 */
export function submitToLedger(ledger: SvmLedger, tx: Transaction): SvmSubmitResult {
  let landed: ReturnType<SvmLedger["submit"]>;
  try {
    landed = ledger.submit(tx);
  } catch (error) {
    const { message, data } = error as { message: string; data?: { err?: unknown; logs?: string[] } };
    const logs = data?.logs ?? [];
    const err = data?.err === undefined ? "" : ` (${JSON.stringify(data.err)})`;
    throw new Error(
      `SVM transaction rejected: ${message}${err}${logs.length > 0 ? `\n${logs.join("\n")}` : ""}`,
    );
  }
  if (landed.err !== null) {
    throw new Error(`SVM transaction failed: ${JSON.stringify(landed.err)}\n${landed.logs.join("\n")}`);
  }
  return {
    signature: landed.signature,
    slot: landed.slot,
    timestamp: landed.blockTime,
    logs: landed.logs,
    computeUnits: landed.computeUnits,
  };
}

/**
 * A signer for a program id nobody holds the key of (the shipped IDL's), so the devnet deploys the
 * receiver where Anchor and codama clients look for it, as `solana-test-validator
 * --upgradeable-program` does: its signature is a placeholder, accepted only while the setup runs
 * with signature verification off. `deployReceiver` uses only the address and the transaction signing.
 */
function keylessProgramSigner(programId: Address): KeyPairSigner {
  const signer: TransactionPartialSigner = {
    address: programId,
    signTransactions: async (transactions) =>
      transactions.map(
        () => ({ [programId]: new Uint8Array(64) as SignatureBytes }) as Record<Address, SignatureBytes>,
      ),
  };
  return signer as unknown as KeyPairSigner;
}

/**
 * LiteSVM as `new LiteSVM()` sets it up (builtins, sysvars, precompiles, SPL programs, signature and
 * blockhash checks), but with mainnet's feature set instead of every feature LiteSVM knows.
 */
async function mainnetLiteSvm(): Promise<LiteSVM> {
  const { LiteSVM: Svm, FeatureSet } = await loadDevnetPeers();
  const features = new FeatureSet();
  for (const [, id] of MAINNET_FEATURES) features.activate(base58.encode(id) as Uint8Array, 0n);
  return Svm.default()
    .withFeatureSet(features)
    .withBuiltins()
    .withLamports(AIRDROP_POOL_LAMPORTS)
    .withSysvars()
    .withPrecompiles()
    .withDefaultPrograms()
    .withSigverify(true)
    .withBlockhashCheck(true);
}

type DeployedPrograms = Pick<SvmDevChainState, "receiverConfig" | "depository">;

/** Deploys the programs and funds the accounts on a new chain. */
async function deployPrograms(
  svm: LiteSVM,
  options: SvmDevChainOptions,
  accounts: Record<SvmRole, KeyPairSigner>,
  mint: KeyPairSigner,
): Promise<DeployedPrograms> {
  for (const signer of Object.values(accounts)) svm.airdrop(signer.address, lamports(1_000n * SOL));
  const { authority, solver } = accounts;

  // Setup transactions are placed, not verified: the program account "signs" with a placeholder.
  svm.withSigverify(false);
  const deployed = await deployReceiver({
    cluster: liteSvmCluster(svm),
    payer: authority,
    program: keylessProgramSigner(ATTESTED_RECEIVER_PROGRAM_ADDRESS),
    init: devnetReceiverInit(options, authority, solver),
  });

  svm.withSigverify(true);

  const setup = usdcMintInstructions(authority, mint, svm.minimumBalanceForRentExemption(USDC_MINT_SPACE));
  for (const signer of Object.values(accounts)) {
    setup.push(...(await usdcFundingInstructions(authority, mint.address, signer.address)));
  }
  await send(svm, authority, setup);
  installSvmRouteHops(svm);
  // Owner the authority, allocator the solver (the account that would sign withdrawals).
  const depository = await installSvmDepository(svm, authority, solver.address, "solana");
  await installSvmDepositAddressProgram(svm);
  return { receiverConfig: deployed.config, depository };
}

export async function startSvmDevChain(options: SvmDevChainOptions): Promise<SvmDevChain> {
  const svm = await mainnetLiteSvm();
  const touched = trackSvmAccounts(svm);
  const accounts = Object.fromEntries(
    await Promise.all(SVM_ROLE_NAMES.map(async (role) => [role, await svmDevKeypair(role)] as const)),
  ) as Record<SvmRole, KeyPairSigner>;
  const mint = await svmDevKeypair("mint:usdc");
  const usdcAccount = usdcAccountOf(mint.address);
  const { receiverConfig, depository } = options.load ?? (await deployPrograms(svm, options, accounts, mint));

  const clock = options.clock ?? createDevnetClock();
  const ledger = createSvmLedger({
    svm,
    now: clock.now,
    ...(options.slotTimeMs === undefined ? {} : { slotTimeMs: options.slotTimeMs }),
  });
  if (options.load) restoreSvmState(ledger, touched, options.load);
  const leaveClock = followDevnetClock(ledger, clock);
  const server = await serveSolanaRpc({
    ledger,
    httpPort: options.rpcPort ?? 0,
    wsPort: options.wsPort ?? 0,
    ...(options.browserPolicy ? { policy: options.browserPolicy } : {}),
    ...(options.faucet ? { faucet: options.faucet } : {}),
    clock,
  }).catch((error: unknown) => {
    leaveClock();
    ledger.close();
    throw error;
  });
  const adapter = createSvmChainAdapter({
    rpcUrl: server.rpcUrl,
    transport: inProcessSolanaTransport(server.provider),
    wsUrl: server.wsUrl,
    solver: accounts.solver,
    receiverProgram: ATTESTED_RECEIVER_PROGRAM_ADDRESS,
    depositoryProgram: depository.program,
    depositAddresses: { program: SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM, sweeper: await svmDevSweeper() },
  });

  return {
    svm,
    ledger,
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    adapter,
    latestBlockhash: () => ledger.latestBlockhash("confirmed").blockhash,
    submit: (tx) => submitToLedger(ledger, tx),
    state: () => ({ ...captureSvmState(ledger, touched), receiverConfig, depository }),
    restore: (state) => restoreSvmState(ledger, touched, state),
    async close() {
      adapter.close();
      await server.close();
      leaveClock();
      ledger.close();
    },
    receiverProgram: ATTESTED_RECEIVER_PROGRAM_ADDRESS,
    receiverConfig,
    depository,
    accounts,
    usdc: { mint: mint.address, decimals: USDC_DECIMALS },
    usdcAccount,
  };
}
