/**
 * One `attestkit service` child on the trial chains (`trial-chains.ts`) for the crash tests that
 * stop it themselves (SIGTERM, SIGKILL at a chosen status), with the calls they make: an EVM -> 8453
 * request paid on the origin chain, its status, and the check that it was filled exactly once.
 */
import type { ChildProcess } from "node:child_process";
import { expect } from "chai";
import { createWalletClient, defineChain, type Hex, http, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { APP_BALANCE_CHAIN_ID } from "../../src/index.ts";
import { spawnService } from "./service-child.ts";
import { ORIGIN, type TrialChains } from "./trial-chains.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TERMINAL = ["success", "refund", "failure"];

export class TrialService {
  readonly #chains: TrialChains;
  readonly #apiKey: string;
  child: ChildProcess | null = null;
  url = "";

  constructor(chains: TrialChains, apiKey: string) {
    this.#chains = chains;
    this.#apiKey = apiKey;
  }

  /**
   * Starts the service on `db` (origin 31337 at 2 confirmations, and 8453) with `extra` flags; resolves
   * once it listens. Refuses while a child still runs: an overwritten child would outlive the suite and
   * keep its pipes open, and the test process would never exit.
   */
  async start(db: string, extra: string[] = []): Promise<void> {
    if (this.child !== null) throw new Error("the previous service child is still running: stop() it first");
    const args = [
      ...["--port", "0", "--db", db, "--api-keys", this.#apiKey, "--log-level", "silent"],
      ...["--rpc", `${ORIGIN}=${this.#chains.originUrl}`],
      ...["--rpc", `${APP_BALANCE_CHAIN_ID}=${this.#chains.destinationUrl}`],
      ...["--confirmations", `${ORIGIN}=2`],
      ...extra,
    ];
    ({ child: this.child, url: this.url } = await spawnService(args));
  }

  /** Stops the child if one runs (SIGKILL): for `afterEach`. */
  async stopIfRunning(): Promise<void> {
    if (this.child !== null) await this.stop("SIGKILL");
  }

  /** Sends `signal`; resolves with the exit code (null: killed) and how long the exit took (SIGKILL after 20 s). */
  async stop(signal: "SIGTERM" | "SIGKILL"): Promise<{ code: number | null; ms: number }> {
    const stopping = this.child as ChildProcess;
    this.child = null;
    const started = Date.now();
    if (stopping.exitCode === null && stopping.signalCode === null) {
      const exited = new Promise((resolve) => stopping.once("exit", resolve));
      stopping.kill(signal);
      await Promise.race([exited, sleep(20_000)]);
      if (stopping.exitCode === null && stopping.signalCode === null) stopping.kill("SIGKILL");
    }
    return { code: stopping.exitCode, ms: Date.now() - started };
  }

  async api(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-api-key": this.#apiKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Record<string, unknown>;
  }

  async status(requestId: string): Promise<string> {
    return String((await this.api("GET", `/intents/status/v3?requestId=${requestId}`)).status);
  }

  /** Polls (bounded, mining the origin chain now and then) until `requestId` has status `wanted`, or any terminal one. */
  async until(requestId: string, wanted?: string): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const now = await this.status(requestId);
      if (now === wanted || (wanted === undefined && TERMINAL.includes(now))) return now;
      if (i % 10 === 9) await this.#chains.mine();
      await sleep(50);
    }
    throw new Error(`${requestId} never reached ${wanted ?? "a terminal status"}`);
  }

  /** A request of 0.1 ETH from a fresh account to a fresh recipient on 8453, paid and mined final. */
  async paidRequest(): Promise<{ requestId: string; recipient: Hex }> {
    const chains = this.#chains;
    const user = privateKeyToAccount(generatePrivateKey());
    await chains.origin.provider.request({
      method: "hardhat_setBalance",
      params: [user.address, `0x${parseEther("1").toString(16)}`],
    });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const quoted = await this.api("POST", "/quote/v2", {
      tradeType: "EXACT_INPUT",
      user: user.address,
      originChainId: ORIGIN,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      recipient,
      amount: parseEther("0.1").toString(),
    });
    const step = (
      quoted.steps as { requestId: string; items: { data: { to: Hex; data: Hex; value: string } }[] }[]
    )[0]!;
    const tx = step.items[0]!.data;
    const chain = defineChain({
      id: ORIGIN,
      name: "origin",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [chains.originUrl] } },
    });
    const wallet = createWalletClient({ account: user, chain, transport: http(chains.originUrl) });
    await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    for (let i = 0; i < 3; i++) await chains.mine();
    return { requestId: step.requestId.toLowerCase(), recipient };
  }

  /** Exactly one fill tagged `requestId` reached `recipient` on 8453, and it holds exactly that. */
  async filledOnce(requestId: string, recipient: Hex): Promise<void> {
    const chains = this.#chains;
    const fills = (await chains.solverTransfers(chains.destination)).get(requestId) ?? [];
    expect(fills).to.have.length(1);
    const client = await chains.destination.viem.getPublicClient();
    expect(await client.getBalance({ address: recipient })).to.equal(fills[0]!.value);
  }
}
