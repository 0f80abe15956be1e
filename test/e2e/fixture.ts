/**
 * End-to-end fixture: a whole devnet per test file, the typed client over HTTP, and payer wallets that
 * reach the EVM chains through their JSON-RPC URLs (signing locally, as a user's wallet does).
 */
import { expect } from "chai";
import {
  type BaseError,
  type Chain,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type EvmRole, evmDevAccount } from "../../src/devnet/accounts.ts";
import { type Devnet, type DevnetOptions, startDevnet } from "../../src/devnet/devnet.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import {
  attestedReceiverAbi,
  createServiceClient,
  encodeEvmReceiverDeposit,
  type RequestData,
  type ServiceClient,
  type StatusResponse,
} from "../../src/index.ts";
import { hashApiKey, sponsorshipLinkMessage } from "../../src/service/index.ts";

export interface E2e {
  devnet: Devnet;
  client: ServiceClient;
  close(): Promise<void>;
}

/** Polls the status endpoint until `status` (the client's own waiter, at a test's pace). */
export function waitForStatus(
  e2e: E2e,
  requestId: string,
  status: StatusResponse["status"],
): Promise<StatusResponse> {
  return e2e.client.waitForStatus(requestId, { until: [status], intervalMs: 25, timeoutMs: 20_000 });
}

export async function startE2e(options: DevnetOptions = {}): Promise<E2e> {
  const devnet = await startDevnet({ indexerIntervalMs: 50, ...options });
  const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
  return { devnet, client, close: () => devnet.close() };
}

const chainOf = (chain: EvmDevChain): Chain =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });

/** A user's view of an EVM chain: a local-key wallet and a public client, both over JSON-RPC. */
export interface EvmUser {
  address: Hex;
  wallet: WalletClient & { account: NonNullable<WalletClient["account"]> };
  public: PublicClient;
}

export function evmUser(chain: EvmDevChain, role: EvmRole): EvmUser {
  const account = privateKeyToAccount(evmDevAccount(role).privateKey);
  const transport = http(chain.rpcUrl);
  return {
    address: account.address,
    wallet: createWalletClient({ account, chain: chainOf(chain), transport }) as EvmUser["wallet"],
    public: createPublicClient({ chain: chainOf(chain), transport, pollingInterval: 20 }) as PublicClient,
  };
}

export const tokenOf = (chain: EvmDevChain, symbol: "USDC" | "WETH"): Hex => {
  const token = chain.tokens.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`no ${symbol} on ${chain.chainId}`);
  return token.address;
};

export async function balanceOf(user: EvmUser, token: Hex | null, owner: Hex): Promise<bigint> {
  if (token === null) return user.public.getBalance({ address: owner });
  return user.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
}

/** The latest block's timestamp plus `seconds`: a deadline the receiver accepts. */
export async function deadlineIn(user: EvmUser, seconds: number): Promise<bigint> {
  const block = await user.public.getBlock();
  return block.timestamp + BigInt(seconds);
}

export interface AttestationForm {
  requestId: string;
  requestData: RequestData;
  signature: string;
}

/** Approves the receiver when the deposit is a token, then sends the receiver deposit; returns the tx hash. */
export async function depositThroughReceiver(
  chain: EvmDevChain,
  user: EvmUser,
  attestation: AttestationForm,
  options: { deadline?: bigint; gas?: bigint } = {},
): Promise<Hex> {
  const call = encodeEvmReceiverDeposit({
    ...attestation,
    deadline: options.deadline ?? (await deadlineIn(user, 600)),
  });
  if (call.value === 0n) {
    const approve = await user.wallet.writeContract({
      account: user.wallet.account,
      chain: null,
      address: attestation.requestData.originCurrency as Hex,
      abi: erc20Abi,
      functionName: "approve",
      args: [chain.receiver, BigInt(attestation.requestData.originAmount)],
    });
    await user.public.waitForTransactionReceipt({ hash: approve });
  }
  return user.wallet.sendTransaction({
    account: user.wallet.account,
    chain: null,
    to: chain.receiver,
    data: call.data,
    value: call.value,
    ...(options.gas === undefined ? {} : { gas: options.gas }),
  });
}

/** The custom error a receiver call reverts with, decoded from the revert data viem reports. */
export async function receiverRevert(
  chain: EvmDevChain,
  user: EvmUser,
  attestation: AttestationForm,
  deadline?: bigint,
): Promise<{ errorName: string; args: readonly unknown[] }> {
  const call = encodeEvmReceiverDeposit({
    ...attestation,
    deadline: deadline ?? (await deadlineIn(user, 600)),
  });
  try {
    await user.public.call({ account: user.address, to: chain.receiver, data: call.data, value: call.value });
  } catch (error) {
    const data = (error as BaseError).walk((e) => typeof (e as { data?: unknown }).data === "string") as {
      data: Hex;
    } | null;
    if (data === null) throw error;
    const decoded = decodeErrorResult({ abi: attestedReceiverAbi, data: data.data });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  }
  throw new Error("the receiver accepted the call");
}

/** Links `role`'s wallet as the API key's fee sponsorship wallet (mock-only route, EIP-191 proof). */
export async function linkSponsorshipWallet(devnet: Devnet, role: EvmRole): Promise<Hex> {
  const account = privateKeyToAccount(evmDevAccount(role).privateKey);
  const message = sponsorshipLinkMessage(hashApiKey(devnet.apiKey));
  const response = await fetch(`${devnet.serviceUrl}/_mock/sponsorship-wallets`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${devnet.apiKey}` },
    body: JSON.stringify({ wallet: account.address, signature: await account.signMessage({ message }) }),
  });
  expect(response.status, await response.clone().text()).to.equal(200);
  return account.address;
}

/** Polls `probe` until it returns a value that is not undefined (the indexer runs every 50 ms). */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
