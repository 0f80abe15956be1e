/**
 * A devnet user's side of the EVM flows: a wallet signing locally and reaching the chain through its
 * JSON-RPC URL (as a browser wallet or a script would), balances, and the receiver deposit built from
 * the signature endpoint's attestation. Shared by the demo and the end-to-end tests.
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RequestData } from "../attestation/index.ts";
import { encodeAppBalanceFundingCalldata } from "../funding/index.ts";
import { encodeEvmReceiverDeposit } from "../receiver/index.ts";
import { hashApiKey, sponsorshipLinkMessage } from "../service/index.ts";
import { type EvmRole, evmDevAccount } from "./accounts.ts";
import type { Devnet } from "./devnet.ts";
import type { EvmDevChain } from "./evm-chain.ts";

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

/** Sends `call` to `to` from `user` and waits for its receipt; throws when it reverted. */
export async function sendAndWait(
  user: EvmUser,
  to: Hex,
  call: { data: Hex; value?: bigint },
): Promise<TransactionReceipt> {
  const hash = await user.wallet.sendTransaction({
    account: user.wallet.account,
    chain: null,
    to,
    data: call.data,
    value: call.value ?? 0n,
  });
  const receipt = await user.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} to ${to} reverted`);
  return receipt;
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

/** Links `role`'s wallet as the API key's fee sponsorship wallet (mock-only route, EIP-191 proof). */
export async function linkSponsorshipWallet(devnet: Devnet, role: EvmRole): Promise<Hex> {
  const account = privateKeyToAccount(evmDevAccount(role).privateKey);
  const message = sponsorshipLinkMessage(hashApiKey(devnet.apiKey));
  const response = await fetch(`${devnet.serviceUrl}/_mock/sponsorship-wallets`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${devnet.apiKey}` },
    body: JSON.stringify({ wallet: account.address, signature: await account.signMessage({ message }) }),
  });
  if (response.status !== 200)
    throw new Error(`linking the sponsorship wallet failed: ${await response.text()}`);
  return account.address;
}

/** Sends app-balance funding calldata (a USDC transfer to `solver`, credited on chain 8453); returns the receipt. */
export async function sendAppBalanceFunding(
  chain: EvmDevChain,
  payer: EvmUser,
  funding: { solver: Hex; amount: bigint; credit?: Hex },
) {
  const hash = await payer.wallet.sendTransaction({
    account: payer.wallet.account,
    chain: null,
    to: tokenOf(chain, "USDC"),
    data: encodeAppBalanceFundingCalldata(funding),
  });
  return payer.public.waitForTransactionReceipt({ hash });
}
