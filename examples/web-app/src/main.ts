/**
 * A transfer through the service's SDK against the attestkit devnet: the SDK points at the devnet's
 * service, learns the chains (and their local RPC URLs) from GET /chains, quotes, executes with a viem
 * wallet and shows each step as the SDK reports it, then the request's final status.
 */
import { createClient, type Execute, getClient, LogLevel, type RelayChain } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import { isAddress, parseEther, type WalletClient, zeroAddress } from "viem";
import { DEFAULT_RECIPIENT, DEVNET_TEST_KEY, SERVICE_URL } from "./devnet.ts";
import { byTestId, renderQuote, renderStatus, renderSteps } from "./render.ts";
import { fetchStatus } from "./status.ts";
import { walletOn } from "./wallet.ts";

const form = byTestId<HTMLFormElement>("transfer-form");
const from = byTestId<HTMLSelectElement>("from");
const to = byTestId<HTMLSelectElement>("to");
const amount = byTestId<HTMLInputElement>("amount");
const recipient = byTestId<HTMLInputElement>("recipient");
const quoteButton = byTestId<HTMLButtonElement>("quote-button");
const executeButton = byTestId<HTMLButtonElement>("execute-button");
const errorLine = byTestId<HTMLElement>("error");

let chains: RelayChain[] = [];
let quoted: { quote: Execute; wallet: WalletClient } | undefined;

function showError(error: unknown): void {
  errorLine.textContent = error instanceof Error ? error.message : String(error);
  console.warn(error);
}

function chainOptions(select: HTMLSelectElement, selected: number): void {
  select.replaceChildren(
    ...chains.map(
      (chain) =>
        new Option(`${chain.displayName} (${chain.id})`, String(chain.id), false, chain.id === selected),
    ),
  );
}

function chainById(id: string): RelayChain {
  const chain = chains.find((candidate) => String(candidate.id) === id);
  if (chain === undefined) throw new Error(`unknown chain ${id}`);
  return chain;
}

async function start(): Promise<void> {
  // Local chains settle in well under a second: poll the status often rather than every few seconds.
  createClient({
    baseApiUrl: SERVICE_URL,
    source: "attestkit-example-web-app",
    pollingInterval: 250,
    logLevel: LogLevel.Warn,
  });
  // This app signs with an EVM key, so it offers the EVM chains; SVM needs a Solana wallet.
  chains = (await configureDynamicChains()).filter((chain) => chain.vmType === "evm");
  byTestId("service-url").textContent = SERVICE_URL;
  byTestId("chains").textContent = chains.map((chain) => `${chain.displayName} (${chain.id})`).join(", ");
  chainOptions(from, 8453);
  chainOptions(to, 10);
  recipient.value = DEFAULT_RECIPIENT;
  const [origin] = chains;
  if (origin === undefined) throw new Error("the service lists no EVM chain");
  const [account] = await walletOn(origin, DEVNET_TEST_KEY).getAddresses();
  byTestId("wallet").textContent = account ?? "";
  quoteButton.disabled = false;
  document.body.dataset.ready = "true";
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorLine.textContent = "";
  executeButton.disabled = true;
  quoted = undefined;
  try {
    if (!isAddress(recipient.value)) throw new Error("the recipient is not an EVM address");
    const origin = chainById(from.value);
    const wallet = walletOn(origin, DEVNET_TEST_KEY);
    const quote = await getClient().actions.getQuote(
      {
        chainId: origin.id,
        toChainId: chainById(to.value).id,
        currency: zeroAddress,
        toCurrency: zeroAddress,
        amount: parseEther(amount.value).toString(),
        tradeType: "EXACT_INPUT",
        wallet,
        recipient: recipient.value,
      },
      true,
    );
    renderQuote(byTestId("quote"), quote);
    quoted = { quote, wallet };
    executeButton.disabled = false;
  } catch (error) {
    showError(error);
  }
});

executeButton.addEventListener("click", async () => {
  if (quoted === undefined) return;
  const { quote, wallet } = quoted;
  errorLine.textContent = "";
  executeButton.disabled = true;
  quoteButton.disabled = true;
  try {
    const started = performance.now();
    await getClient().actions.execute({
      quote,
      wallet,
      onProgress: ({ steps }) => renderSteps(byTestId("steps"), steps),
    });
    const executeMs = performance.now() - started;
    const requestId = quote.steps.find((step) => step.requestId)?.requestId;
    if (requestId === undefined) throw new Error("the quote carries no request id");
    renderStatus(byTestId("status"), await fetchStatus(SERVICE_URL, requestId), executeMs);
  } catch (error) {
    showError(error);
  } finally {
    quoteButton.disabled = false;
    quoted = undefined;
  }
});

start().catch(showError);
