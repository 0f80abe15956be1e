/**
 * The devnet's SVM side on an external Solana validator (solana-test-validator, surfpool, or another
 * devnet's SVM RPC) instead of the embedded LiteSVM chain, reached only over its JSON-RPC and
 * PubSub: the devnet's SVM accounts funded from the validator's faucet (`requestAirdrop`), the
 * attested receiver deployed through the upgradeable loader at a new program id and initialized, a
 * new USDC mint with funded token accounts, and the mock service's adapter indexing that endpoint.
 * Programs that live at fixed ids nobody holds the key of (the protocol depository, the route-hop
 * program of the simulated swap sources) cannot be deployed over RPC: they are used when the
 * validator already has them (`solana-test-validator --bpf-program <id> <file>.so`), and left out
 * otherwise (no order deposits, no swap-routed quotes).
 */
import {
  type Address,
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
} from "@solana/kit";
import { deployReceiver, rpcCluster, sendInstructions } from "../deploy/svm.ts";
import { SVM_DEPOSITORY_PROGRAM } from "../orders/index.ts";
import { depositoryAccounts } from "../service/chains/depository-svm.ts";
import { createSvmChainAdapter } from "../service/chains/svm.ts";
import { SVM_ROLE_NAMES, type SvmRole, svmDevKeypair } from "./accounts.ts";
import type { SvmChainBase } from "./svm-chain.ts";
import {
  type DevnetReceiverSettings,
  devnetReceiverInit,
  USDC_DECIMALS,
  USDC_MINT_SPACE,
  usdcAccountOf,
  usdcFundingInstructions,
  usdcMintInstructions,
} from "./svm-setup.ts";

export interface SvmExternalChainOptions extends DevnetReceiverSettings {
  /** The validator's JSON-RPC URL (http or https). */
  rpcUrl: string;
  /** Its PubSub URL (default: the RPC URL's host on the next port, ws or wss, as the Solana CLI derives it). */
  wsUrl?: string;
}

/** The devnet's SVM side on an external validator. */
export interface SvmExternalChain extends SvmChainBase {
  /** Always `true`: no LiteSVM in this process. */
  external: true;
}

const SOL = 1_000_000_000n;
/** SOL each devnet account is topped up to from the faucet (one request, within every faucet cap). */
const FUNDED_SOL = 100n;
const AIRDROP_POLLS = 300;

/** The PubSub URL the Solana CLI derives from an RPC URL: same host, next port, ws(s). */
export function pubSubUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`--svm-rpc-url must be an http(s) URL, got ${JSON.stringify(rpcUrl)}`);
  }
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (url.port) url.port = String(Number(url.port) + 1);
  return url.toString().replace(/\/$/, "");
}

async function fundFromFaucet(rpc: Rpc<SolanaRpcApi>, owner: Address): Promise<void> {
  const { value: balance } = await rpc.getBalance(owner, { commitment: "confirmed" }).send();
  if (balance >= FUNDED_SOL * SOL) return;
  const signature = await rpc.requestAirdrop(owner, lamports(FUNDED_SOL * SOL - balance)).send();
  for (let poll = 0; poll < AIRDROP_POLLS; poll++) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.err)
      throw new Error(`the validator's airdrop to ${owner} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the validator's airdrop to ${owner} was not confirmed in ${AIRDROP_POLLS / 10} s`);
}

async function isProgram(rpc: Rpc<SolanaRpcApi>, program: Address): Promise<boolean> {
  const { value } = await rpc.getAccountInfo(program, { encoding: "base64" }).send();
  return value?.executable === true;
}

export async function connectSvmExternalChain(options: SvmExternalChainOptions): Promise<SvmExternalChain> {
  // Derived even when given: it checks that the RPC URL is http(s).
  const wsUrl = options.wsUrl ?? pubSubUrlOf(options.rpcUrl);
  if (options.wsUrl !== undefined) pubSubUrlOf(options.rpcUrl);
  const rpc: Rpc<SolanaRpcApi> = createSolanaRpc(options.rpcUrl);
  await rpc
    .getVersion()
    .send()
    .catch((error: unknown) => {
      throw new Error(`the SVM validator at ${options.rpcUrl} does not answer: ${(error as Error).message}`, {
        cause: error,
      });
    });
  const rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi> = createSolanaRpcSubscriptions(wsUrl);
  const cluster = rpcCluster(rpc, rpcSubscriptions);
  const send = (payer: KeyPairSigner, instructions: Instruction[]) =>
    sendInstructions(cluster, payer, instructions);

  const accounts = Object.fromEntries(
    await Promise.all(SVM_ROLE_NAMES.map(async (role) => [role, await svmDevKeypair(role)] as const)),
  ) as Record<SvmRole, KeyPairSigner>;
  for (const signer of Object.values(accounts)) await fundFromFaucet(rpc, signer.address);
  const { authority, solver } = accounts;

  // A new program id each start: a validator that outlives the devnet keeps the earlier ones.
  const deployed = await deployReceiver({
    cluster,
    payer: authority,
    program: await generateKeyPairSigner(),
    init: devnetReceiverInit(options, authority, solver),
  });

  const mint = await generateKeyPairSigner();
  const rent = await rpc.getMinimumBalanceForRentExemption(USDC_MINT_SPACE).send();
  await send(authority, usdcMintInstructions(authority, mint, rent));
  // One transaction per account: all of them in one would pass the 1232-byte limit.
  for (const signer of Object.values(accounts)) {
    await send(authority, await usdcFundingInstructions(authority, mint.address, signer.address));
  }

  const depositoryProgram = address(SVM_DEPOSITORY_PROGRAM);
  const depository = (await isProgram(rpc, depositoryProgram))
    ? { program: depositoryProgram, vault: (await depositoryAccounts(depositoryProgram)).vault }
    : undefined;
  const adapter = createSvmChainAdapter({
    rpcUrl: options.rpcUrl,
    wsUrl,
    solver,
    receiverProgram: deployed.programId,
    ...(depository ? { depositoryProgram: depository.program } : {}),
  });
  return {
    external: true,
    rpcUrl: options.rpcUrl,
    wsUrl,
    adapter,
    receiverProgram: deployed.programId,
    receiverConfig: deployed.config,
    ...(depository ? { depository } : {}),
    accounts,
    usdc: { mint: mint.address, decimals: USDC_DECIMALS },
    usdcAccount: usdcAccountOf(mint.address),
    async close() {
      adapter.close();
    },
  };
}
