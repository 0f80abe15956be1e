/**
 * One snapshot of the whole devnet, over its public surfaces: 100 tests, each reverted by
 * `snapshotEachTest`, each changing ETH balances on both EVM chains (HTTP JSON-RPC), SOL balances on
 * the SVM chain (Solana JSON-RPC), creating a service request (typed client) and adding a scenario
 * (`/_mock/scenarios`); each asserts it
 * starts from the snapshot's state and that what the test before it created is gone.
 */
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  type Address as SvmAddress,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { type Devnet, snapshotEachTest, startDevnet } from "../../src/devnet/devnet.ts";
import { evmUser } from "../../src/devnet/evm-user.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import { parseState } from "../../src/devnet/state-file.ts";
import {
  createServiceClient,
  type QuoteResponse,
  type ServiceClient,
  ServiceError,
} from "../../src/index.ts";

const TESTS = 100;

describe("devnet snapshot: 100 tests reverted to one state", function () {
  this.timeout(300_000);
  let devnet: Devnet;
  let client: ServiceClient;
  let rpc: ReturnType<typeof createSolanaRpc>;
  const evm = new Map<number, ReturnType<typeof createPublicClient>>();
  const baseline = {
    evm: new Map<number, { alice: bigint; block: bigint }>(),
    alice: 0n,
    bob: 0n,
    requests: 0,
  };
  /** What the previous test created: it must be gone. */
  let previous: { evm: Hex; svm: SvmAddress; requestId: string } | undefined;
  const alice = privateKeyToAccount(evmDevAccount("alice").privateKey);

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 0, indexerIntervalMs: 50 });
    client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
    rpc = createSolanaRpc(devnet.svm.rpcUrl);
    for (const chain of devnet.evm.values()) {
      const reader = createPublicClient({ transport: http(chain.rpcUrl) });
      evm.set(chain.chainId, reader);
      baseline.evm.set(chain.chainId, {
        alice: await reader.getBalance({ address: alice.address }),
        block: await reader.getBlockNumber(),
      });
    }
    baseline.alice = (await rpc.getBalance(devnet.svm.accounts.alice.address).send()).value;
    baseline.bob = (await rpc.getBalance(devnet.svm.accounts.bob.address).send()).value;
    baseline.requests = (await client.listRequests()).requests.length;
  });
  after(() => devnet?.close());

  snapshotEachTest(() => devnet);

  /** Quotes `ether` ETH from Alice on 8453 to `recipient` on 10. */
  async function quoteEth(recipient: Hex, ether: string): Promise<QuoteResponse> {
    return client.quoteV2({
      user: alice.address,
      recipient,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther(ether).toString(),
      tradeType: "EXACT_INPUT",
    });
  }

  /** Alice pays the quote's deposit on chain 8453, as quoted, and blocks are mined until it is final. */
  async function payDeposit(quote: QuoteResponse): Promise<void> {
    const base = devnet.evmChain(8453);
    await sendQuotedEvmSteps(evmUser(base, "alice"), quote);
    await base.mine(2);
  }

  async function scenarioIds(): Promise<string[]> {
    const response = await fetch(`${devnet.serviceUrl}/_mock/scenarios`, {
      headers: { "x-api-key": devnet.apiKey },
    });
    return ((await response.json()) as { scenarios: { id: string }[] }).scenarios.map(
      (scenario) => scenario.id,
    );
  }

  async function sendSol(to: SvmAddress, amount: bigint): Promise<void> {
    const payer = devnet.svm.accounts.alice;
    const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: payer, destination: to, amount })],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    );
    await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
  }

  it("the control endpoint snapshots and reverts over HTTP, with anvil's semantics, and serves the saved state", async () => {
    const post = (path: string, body: string, type = "application/json") =>
      fetch(`${devnet.serviceUrl}${path}`, { method: "POST", headers: { "content-type": type }, body });
    const snapshot = await post("/_devnet/snapshot", "{}");
    expect(snapshot.status).to.equal(200);
    const { id } = (await snapshot.json()) as { id: string };
    const base = devnet.evmChain(8453);
    await base.provider.request({
      method: "eth_sendTransaction",
      params: [{ from: alice.address, to: evmDevAccount("bob").address, value: "0x1000" }],
    });
    const reader = evm.get(8453) as ReturnType<typeof createPublicClient>;
    const spent = await reader.getBalance({ address: alice.address });
    expect(spent < (baseline.evm.get(8453)?.alice as bigint), "alice paid on 8453").to.equal(true);
    expect(await (await post("/_devnet/revert", JSON.stringify({ id }))).json()).to.deep.equal({
      reverted: true,
    });
    expect(await reader.getBalance({ address: alice.address })).to.equal(baseline.evm.get(8453)?.alice);
    // Reverting deletes the snapshot: a second revert to it changes nothing.
    expect(await (await post("/_devnet/revert", JSON.stringify({ id }))).json()).to.deep.equal({
      reverted: false,
    });
    expect((await post("/_devnet/revert", JSON.stringify({ id: "latest" }))).status).to.equal(400);
    // A body a browser form could send without a CORS preflight (text/plain) is not a JSON object: refused.
    expect((await post("/_devnet/snapshot", "{}", "text/plain")).status).to.equal(415);
    expect((await post("/_devnet/dump-state", "{}")).status).to.equal(404);
    const state = parseState(
      await (await fetch(`${devnet.serviceUrl}/_devnet/state`)).text(),
      "GET /_devnet/state",
    );
    expect(state.evm.map((chain) => chain.chainId)).to.deep.equal([8453, 10]);
    expect(state.service.requests?.rows.length).to.equal(baseline.requests);
  });

  it("the clock is part of the snapshot: a day moved after it is undone for the EVM chains, the SVM chain and the service", async () => {
    const control = async (path: string, body?: unknown) => {
      const response = await fetch(`${devnet.serviceUrl}/_devnet${path}`, {
        method: body === undefined ? "GET" : "POST",
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
      expect(response.status, path).to.equal(200);
      return (await response.json()) as { timestamp: number; offsetMs: number };
    };
    const base = evm.get(8453)!;
    /** The SVM chain's Clock sysvar `unix_timestamp` (bytes 32..40), as processed. */
    const svmClockTime = async () => {
      const { value } = await rpc
        .getAccountInfo(address("SysvarC1ock11111111111111111111111111111111"), {
          encoding: "base64",
          commitment: "processed",
        })
        .send();
      return Number(Buffer.from(value!.data[0], "base64").readBigInt64LE(32));
    };
    const before = await control("/time");
    const id = await devnet.snapshot();
    const day = 86_400;
    const moved = await control("/time/increase", { seconds: day });
    expect(moved.timestamp).to.be.at.least(before.timestamp + day);
    await devnet.evmChain(8453).mine();
    expect(Number((await base.getBlock()).timestamp)).to.be.at.least(before.timestamp + day);
    expect(await svmClockTime()).to.be.at.least(before.timestamp + day - 1);

    expect(await devnet.revert(id)).to.equal(true);
    const after = await control("/time");
    expect(after.offsetMs).to.equal(before.offsetMs);
    expect(after.timestamp).to.be.below(before.timestamp + 60);
    await devnet.evmChain(8453).mine();
    expect(Number((await base.getBlock()).timestamp)).to.be.below(before.timestamp + 60);
    expect(await svmClockTime()).to.be.below(before.timestamp + 60);
  });

  it("a fill that ran after a snapshot is undone by the revert: on chain, in the request, and never resumed", async () => {
    const recipient = evmDevAccount("bob").address;
    const optimism = evm.get(10) as ReturnType<typeof createPublicClient>;
    const start = await optimism.getBalance({ address: recipient });
    const quote = await quoteEth(recipient, "0.5");
    const requestId = quote.steps[0]?.requestId as string;
    const deposit = () => payDeposit(quote);
    const id = await devnet.snapshot();
    await deposit();
    const filled = await client.waitForStatus(requestId, {
      until: ["success"],
      intervalMs: 25,
      timeoutMs: 20_000,
    });
    const fillTx = filled.txHashes[0] as Hex;
    expect((await optimism.getTransactionReceipt({ hash: fillTx })).status).to.equal("success");
    const paid = (await optimism.getBalance({ address: recipient })) - start;
    expect(paid > 0n, "the fill paid the recipient on chain 10").to.equal(true);

    expect(await devnet.revert(id)).to.equal(true);
    expect((await client.getStatus(requestId)).status).to.equal("waiting");
    expect(await optimism.getBalance({ address: recipient })).to.equal(start);
    const gone = await optimism.getTransactionReceipt({ hash: fillTx }).catch((error: Error) => error.name);
    expect(gone, "the fill transaction is gone from chain 10").to.equal("TransactionReceiptNotFoundError");
    // Nothing of the undone fill comes back while the indexer and the lifecycle keep running.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await client.getStatus(requestId)).status).to.equal("waiting");
    expect(await optimism.getBalance({ address: recipient })).to.equal(start);
    // The service carries on from the reverted state (the deposit went with it): paid again, it fills again.
    await deposit();
    await client.waitForStatus(requestId, { until: ["success"], intervalMs: 25, timeoutMs: 20_000 });
    expect(await optimism.getBalance({ address: recipient })).to.equal(start + paid);
  });

  it("a snapshot taken while a fill is in flight waits for it: the snapshot holds the finished fill", async () => {
    const recipient = evmDevAccount("bob").address;
    const optimism = evm.get(10) as ReturnType<typeof createPublicClient>;
    const start = await optimism.getBalance({ address: recipient });
    const quote = await quoteEth(recipient, "0.2");
    const requestId = quote.steps[0]?.requestId as string;
    await payDeposit(quote);
    // The deposit is booked and the fill sent in the background.
    await client.waitForStatus(requestId, {
      until: ["pending", "success"],
      intervalMs: 5,
      timeoutMs: 20_000,
    });
    const id = await devnet.snapshot();
    expect((await client.getStatus(requestId)).status, "the fill finished before the capture").to.equal(
      "success",
    );
    const paid = await optimism.getBalance({ address: recipient });
    expect(paid > start).to.equal(true);
    expect(await devnet.revert(id)).to.equal(true);
    expect((await client.getStatus(requestId)).status).to.equal("success");
    expect(await optimism.getBalance({ address: recipient })).to.equal(paid);
  });

  for (let index = 0; index < TESTS; index++) {
    it(`test ${index + 1} starts from the snapshot and changes every part`, async () => {
      // Starts from the snapshot's state.
      for (const [chainId, reader] of evm) {
        const start = baseline.evm.get(chainId);
        expect(await reader.getBalance({ address: alice.address }), `alice on ${chainId}`).to.equal(
          start?.alice,
        );
        expect(await reader.getBlockNumber(), `block on ${chainId}`).to.equal(start?.block);
        if (previous) expect(await reader.getBalance({ address: previous.evm })).to.equal(0n);
      }
      expect((await rpc.getBalance(devnet.svm.accounts.alice.address).send()).value).to.equal(baseline.alice);
      expect((await rpc.getBalance(devnet.svm.accounts.bob.address).send()).value).to.equal(baseline.bob);
      expect((await client.listRequests()).requests.length).to.equal(baseline.requests);
      expect(await scenarioIds(), "scenarios").to.deep.equal([]);
      if (previous) {
        expect((await rpc.getAccountInfo(previous.svm).send()).value, "the last test's SVM account").to.equal(
          null,
        );
        const gone = await client.getStatus(previous.requestId).catch((error: unknown) => error);
        expect(gone).to.be.instanceOf(ServiceError);
        expect((gone as ServiceError).status).to.equal(404);
      }

      // Changes every part.
      const recipient = privateKeyToAddress(generatePrivateKey());
      for (const chain of devnet.evm.values()) {
        const wallet = createWalletClient({
          account: alice,
          chain: defineChain({
            id: chain.chainId,
            name: chain.name,
            nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
            rpcUrls: { default: { http: [chain.rpcUrl] } },
          }),
          transport: http(chain.rpcUrl),
        });
        await wallet.sendTransaction({ to: recipient, value: parseEther("1") });
        expect(await evm.get(chain.chainId)?.getBalance({ address: recipient })).to.equal(parseEther("1"));
      }
      const fresh = (await generateKeyPairSigner()).address;
      await sendSol(fresh, 1_000_000_000n);
      await sendSol(devnet.svm.accounts.bob.address, 2_000_000_000n);
      expect((await rpc.getBalance(fresh, { commitment: "processed" }).send()).value).to.equal(
        lamports(1_000_000_000n),
      );
      const requestId = (await quoteEth(evmDevAccount("bob").address, "0.01")).steps[0]?.requestId as string;
      expect((await client.getStatus(requestId)).status).to.equal("waiting");
      const added = await fetch(`${devnet.serviceUrl}/_mock/scenarios`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": devnet.apiKey },
        body: JSON.stringify({ match: { wallet: recipient }, outcome: "failure" }),
      });
      expect(added.status).to.equal(200);
      expect(await scenarioIds()).to.have.length(1);
      previous = { evm: recipient, svm: address(fresh), requestId };
    });
  }
});
