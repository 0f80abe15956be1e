/**
 * An app on the service's public SDK (`@relayprotocol/relay-sdk`), pointed at a running devnet: the
 * SDK client on the devnet's service URL, chains from the devnet's GET /chains, and a local-key viem
 * wallet on a devnet JSON-RPC URL (the example web app's). Everything goes over HTTP, as an app's own
 * process would. Shared by the SDK suites and the SDK execute benchmark.
 */
import {
  type AdaptedWallet,
  axios,
  createClient,
  type Execute,
  getClient,
  LogLevel,
  type RelayChain,
} from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import type { Hex, WalletClient } from "viem";
import { walletOn } from "../../../examples/web-app/src/wallet.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";

/** Points the SDK at a devnet service URL and loads the devnet's chains; returns them. */
export async function pointSdkAtDevnet(serviceUrl: string, apiKey?: string): Promise<RelayChain[]> {
  createClient({
    baseApiUrl: serviceUrl,
    source: "attestkit-sdk-test",
    pollingInterval: 100,
    confirmationPollingInterval: 100,
    maxPollingAttemptsBeforeTimeout: 600,
    logLevel: LogLevel.None,
  });
  // The SDK attaches its key only to its own hosts; a backend reaching the devnet sets it on the
  // SDK's HTTP client (the fast-fill key; the devnet accepts it as x-api-key).
  if (apiKey === undefined) delete axios.defaults.headers.common["x-api-key"];
  else axios.defaults.headers.common["x-api-key"] = apiKey;
  return configureDynamicChains();
}

/** A wallet signing locally with `privateKey` on the SDK-configured chain `chainId` (the web app's own). */
export function sdkWallet(chainId: number, privateKey: Hex): WalletClient {
  const chain = getClient().chains.find((candidate) => candidate.id === chainId);
  if (chain === undefined) throw new Error(`the SDK has no chain ${chainId}`);
  return walletOn(chain, privateKey);
}

export interface SdkTransfer {
  /** A viem wallet (EVM origin) or an adapted wallet such as the SDK's SVM adapter. */
  wallet: WalletClient | AdaptedWallet;
  fromChainId: number;
  toChainId: number;
  currency: string;
  toCurrency: string;
  amount: string;
  recipient?: string;
  /** Called once with the request id when the SDK reports the deposit transaction sent. */
  onDepositSent?: (requestId: string) => void;
}

export interface SdkExecution {
  requestId: string;
  /** Milliseconds of `execute()`, from the call to the SDK's resolution (status success). */
  executeMs: number;
  /** Every step id the SDK reported, in order of first appearance. */
  stepIds: string[];
  result: Execute;
}

/** Quotes and executes a transfer with the SDK's own actions; resolves when the SDK resolves. */
export async function quoteAndExecute(transfer: SdkTransfer): Promise<SdkExecution> {
  const client = getClient();
  const quote = await client.actions.getQuote(
    {
      chainId: transfer.fromChainId,
      toChainId: transfer.toChainId,
      currency: transfer.currency,
      toCurrency: transfer.toCurrency,
      amount: transfer.amount,
      tradeType: "EXACT_INPUT",
      wallet: transfer.wallet,
      ...(transfer.recipient === undefined ? {} : { recipient: transfer.recipient }),
    },
    // The user is the wallet's address (the SDK's default parameters).
    true,
  );
  const requestId = quote.steps.find((step) => step.requestId)?.requestId;
  if (requestId === undefined) throw new Error("the quote carries no request id");
  const stepIds: string[] = [];
  let depositReported = false;
  const started = performance.now();
  const { data } = await client.actions.execute({
    quote,
    wallet: transfer.wallet,
    onProgress: ({ steps }) => {
      for (const step of steps) {
        if (!stepIds.includes(step.id)) stepIds.push(step.id);
        const sent = step.items?.some((item) => (item.txHashes?.length ?? 0) > 0);
        if (step.id === "deposit" && sent && !depositReported) {
          depositReported = true;
          transfer.onDepositSent?.(requestId);
        }
      }
    },
  });
  return { requestId, executeMs: performance.now() - started, stepIds, result: data };
}

/** The status endpoint's body (spec 4.5): `txHashes` on the destination, `inTxHashes` on the origin. */
export interface DevnetRequestStatus {
  status: string;
  txHashes: string[];
  inTxHashes: string[];
}

export interface SdkDevnet {
  devnet: Devnet;
  /** The chains the SDK loaded from the devnet's GET /chains. */
  chains: RelayChain[];
  status(requestId: string): Promise<DevnetRequestStatus>;
  /** Stops (false) or resumes (true) the EVM blocks the fixture mines every 150 ms. */
  produceBlocks(on: boolean): void;
  close(): Promise<void>;
}

/** A devnet for an SDK suite: EVM blocks every 150 ms, the SDK pointed at it with its API key. */
export async function startSdkDevnet(): Promise<SdkDevnet> {
  const devnet = await startDevnet({ blockTimeMs: 0, indexerIntervalMs: 50 });
  let producing = true;
  const blocks = setInterval(() => {
    if (producing) for (const chain of devnet.evm.values()) chain.mine().catch(() => {});
  }, 150);
  const chains = await pointSdkAtDevnet(devnet.serviceUrl, devnet.apiKey);
  return {
    devnet,
    chains,
    status: async (requestId) =>
      (await (
        await fetch(`${devnet.serviceUrl}/intents/status/v3?requestId=${requestId}`)
      ).json()) as DevnetRequestStatus,
    produceBlocks: (on) => {
      producing = on;
    },
    close: async () => {
      clearInterval(blocks);
      await devnet.close();
    },
  };
}
