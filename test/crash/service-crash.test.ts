/**
 * Crash trial of the mock service: the chains keep running in this process (two Hardhat EDR chains
 * over JSON-RPC on 127.0.0.1, a LiteSVM ledger over Solana JSON-RPC) while the service runs as a
 * child process (`attestkit service`) that kills itself with SIGKILL at one lifecycle boundary
 * (`ATTESTKIT_CRASH_AT`, see src/service/crash-points.ts). It is restarted on the same SQLite file
 * and every request is checked against the chains: filled or refunded exactly once, nothing lost.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  pipe,
  type Address as SvmAddress,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { network } from "hardhat";
import { LiteSVM } from "litesvm";
import { getAddress, type Hex, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { svmDevKeypair } from "../../src/devnet/accounts.ts";
import { serveJsonRpc } from "../../src/devnet/json-rpc-server.ts";
import { createSvmLedger, type SvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { submitToLedger } from "../../src/devnet/svm-chain.ts";
import { APP_BALANCE_CHAIN_ID, encodeAppBalanceFundingCalldata, SVM_CHAIN_ID } from "../../src/index.ts";
import type { CrashPoint } from "../../src/service/crash-points.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { BASE_USDC, SOLVER } from "../service/helpers.ts";
import { spawnService } from "./service-child.ts";

const ORIGIN = 31337;
const API_KEY = "crash-key";
const SVM_NATIVE = "11111111111111111111111111111111";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("crash trial: the service killed at every lifecycle boundary, restarted on the same file", function () {
  this.timeout(240_000);
  let dir: string;
  let origin: Awaited<ReturnType<typeof network.create>>;
  let destination: Awaited<ReturnType<typeof network.create>>;
  let servers: { url: string; close(): Promise<void> }[];
  let svm: LiteSVM;
  let ledger: SvmLedger;
  let svmRpc: Awaited<ReturnType<typeof serveSolanaRpc>>;
  let svmUser: KeyPairSigner;
  let child: ChildProcess | null = null;
  let baseUrl = "";

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-crash-"));
    origin = await network.create({ override: { chainId: ORIGIN } });
    destination = await network.create({ override: { chainId: APP_BALANCE_CHAIN_ID } });
    servers = [await serveJsonRpc(origin.provider), await serveJsonRpc(destination.provider)];
    // App balance funding is a real token transfer on 8453: OpenZeppelin ERC-20 code at USDC's address.
    const usdc = await destination.viem.deployContract("MockERC20", ["USD Coin", "USDC", 6]);
    const code = await (await destination.viem.getPublicClient()).getCode({ address: usdc.address });
    await destination.provider.request({ method: "hardhat_setCode", params: [BASE_USDC, code] });
    svm = new LiteSVM();
    svmUser = await generateKeyPairSigner();
    svm.airdrop(svmUser.address, lamports(100_000_000_000n));
    svm.airdrop((await svmDevKeypair("solver")).address, lamports(100_000_000_000n));
    ledger = createSvmLedger({ svm, slotTimeMs: 25 });
    svmRpc = await serveSolanaRpc({ ledger });
  });
  after(async () => {
    stopChild();
    for (const server of servers) await server.close();
    await svmRpc.close();
    ledger.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function stopChild() {
    if (child !== null && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    child = null;
  }

  /** Starts the service on `db`; with `crashAt`, it kills itself there. Resolves once it listens. */
  async function start(db: string, crashAt?: CrashPoint, extraArgs: string[] = []): Promise<void> {
    stopChild();
    const args = [
      "--port",
      "0",
      "--db",
      db,
      "--new-db",
      "--api-keys",
      API_KEY,
      "--rpc",
      `${ORIGIN}=${servers[0]!.url}`,
      "--rpc",
      `${APP_BALANCE_CHAIN_ID}=${servers[1]!.url}`,
      "--confirmations",
      `${ORIGIN}=2`,
      "--svm-rpc",
      svmRpc.rpcUrl,
      "--log-level",
      "silent",
      ...extraArgs,
    ];
    ({ child, url: baseUrl } = await spawnService(args, crashAt));
  }

  /**
   * Waits (bounded) for the child to die by its crash point, mining an origin block now and then so
   * deposits become final (not while a deposit must first be seen non-final).
   */
  async function crashed(mining = true): Promise<void> {
    for (let i = 0; i < 300 && child?.signalCode === null && child.exitCode === null; i++) {
      if (mining && i % 10 === 9) await mine();
      await sleep(50);
    }
    expect(child?.signalCode, "the service reached its crash point").to.equal("SIGKILL");
  }

  const mine = () => origin.provider.request({ method: "evm_mine", params: [] });

  async function api(method: "GET" | "POST", path: string, body?: unknown) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function quote(body: Record<string, unknown>) {
    const res = await api("POST", "/quote/v2", { tradeType: "EXACT_INPUT", ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const step = (
      res.body.steps as { requestId: string; items: { data: { to: Hex; data: Hex; value: string } }[] }[]
    )[0]!;
    return { requestId: step.requestId, tx: step.items[0]!.data };
  }

  /** Polls the status (mining the origin chain) until it is terminal. */
  async function settled(requestId: string): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const { body } = await api("GET", `/intents/status/v3?requestId=${requestId}`);
      if (["success", "refund", "failure"].includes(String(body.status))) return String(body.status);
      if (i % 10 === 9) await mine();
      await sleep(50);
    }
    throw new Error(`request ${requestId} never settled`);
  }

  /** Transactions on an EVM chain from the solver tagged with `requestId` (fills and refunds), and their value. */
  async function solverTransfers(chain: typeof origin, requestId: string) {
    const client = await chain.viem.getPublicClient();
    const head = Number(await client.getBlockNumber());
    const found: { to: string; value: bigint }[] = [];
    for (let n = 0; n <= head; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const tx of block.transactions) {
        if (
          typeof tx !== "string" &&
          getAddress(tx.from) === SOLVER &&
          tx.input.toLowerCase() === requestId
        ) {
          found.push({ to: getAddress(tx.to!), value: tx.value });
        }
      }
    }
    return found;
  }

  const evmUser = async () => {
    const [wallet] = await origin.viem.getWalletClients();
    return wallet!;
  };

  /** The origin user and a quote for 0.1 ETH on the origin chain to `recipient` on `destinationChainId`. */
  async function evmDeposit(destinationChainId: number, destinationCurrency: string, recipient: string) {
    const user = await evmUser();
    const quoted = await quote({
      user: user.account.address,
      originChainId: ORIGIN,
      destinationChainId,
      originCurrency: zeroAddress,
      destinationCurrency,
      recipient,
      amount: parseEther("0.1").toString(),
    });
    return { user, ...quoted };
  }

  const EVM_FILL_POINTS: CrashPoint[] = [
    "deposit-indexed",
    "deposit-final",
    "transfer-signed",
    "transfer-sent",
    "transfer-mined",
  ];
  for (const point of EVM_FILL_POINTS) {
    it(`EVM deposit, EVM fill: killed at ${point}, filled exactly once after the restart`, async () => {
      const db = join(dir, `evm-fill-${point}.sqlite`);
      await start(db, point);
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const { user, requestId, tx } = await evmDeposit(APP_BALANCE_CHAIN_ID, zeroAddress, recipient);
      await user.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
      await crashed(point !== "deposit-indexed");
      await start(db);
      expect(await settled(requestId)).to.equal("success");
      const fills = await solverTransfers(destination, requestId);
      expect(fills).to.have.length(1);
      const received = await (await destination.viem.getPublicClient()).getBalance({ address: recipient });
      expect(received).to.equal(fills[0]!.value);
    });
  }

  for (const point of ["transfer-signed", "transfer-sent", "transfer-mined"] as CrashPoint[]) {
    it(`EVM short deposit refunded: killed at ${point}, refunded exactly what arrived, once`, async () => {
      const db = join(dir, `evm-refund-${point}.sqlite`);
      await start(db, point);
      const { user, requestId, tx } = await evmDeposit(
        APP_BALANCE_CHAIN_ID,
        zeroAddress,
        privateKeyToAccount(generatePrivateKey()).address,
      );
      await user.sendTransaction({ to: tx.to, data: tx.data, value: parseEther("0.05") });
      await crashed();
      await start(db);
      expect(await settled(requestId)).to.equal("refund");
      expect(await solverTransfers(origin, requestId)).to.deep.equal([
        { to: getAddress(user.account.address), value: parseEther("0.05") },
      ]);
      expect(await solverTransfers(destination, requestId)).to.deep.equal([]);
    });
  }

  it("funding credited, killed before the cursor moved: credited once after the restart", async () => {
    const db = join(dir, "funding.sqlite");
    await start(db, "funding-credited");
    // (wallet #1 is the service's solver itself: a transfer to itself credits nothing)
    const [, , sponsor] = await destination.viem.getWalletClients();
    const usdc = await destination.viem.getContractAt("MockERC20", BASE_USDC);
    await usdc.write.mint([sponsor!.account.address, 40_000_000n]);
    await sponsor!.sendTransaction({
      to: BASE_USDC,
      data: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 40_000_000n }),
    });
    await crashed();
    await start(db);
    let amount = "";
    for (let i = 0; i < 100 && amount !== "40000000"; i++) {
      amount = String((await api("GET", `/app-fees/${sponsor!.account.address}/balances`)).body.amount);
      await sleep(50);
    }
    await sleep(600); // a further indexer pass or two: nothing is credited again
    expect((await api("GET", `/app-fees/${sponsor!.account.address}/balances`)).body.amount).to.equal(
      "40000000",
    );
  });

  /** A signed v0 SOL transfer to the service's SVM solver with the request id memo. */
  async function svmDeposit(requestId: string, amount: bigint) {
    const solver = await svmDevKeypair("solver");
    const { blockhash } = ledger.latestBlockhash("confirmed");
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(svmUser, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({ source: svmUser, destination: solver.address, amount }),
            requestIdMemoInstruction(requestId, svmUser),
          ],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    );
    submitToLedger(ledger, tx);
  }

  /** A quote for 2 SOL from the SVM user to `recipient` on 8453, paid: its request id. */
  async function svmPaid(recipient: string): Promise<string> {
    const { requestId } = await quote({
      user: svmUser.address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: SVM_NATIVE,
      destinationCurrency: zeroAddress,
      recipient,
      amount: "2000000000",
    });
    await svmDeposit(requestId, 2_000_000_000n);
    return requestId;
  }

  for (const point of [
    "deposit-final",
    "transfer-signed",
    "transfer-sent",
    "transfer-mined",
  ] as CrashPoint[]) {
    it(`SVM deposit, EVM fill: killed at ${point}, filled exactly once after the restart`, async () => {
      const db = join(dir, `svm-origin-${point}.sqlite`);
      await start(db, point);
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const requestId = await svmPaid(recipient);
      await crashed();
      await start(db);
      expect(await settled(requestId)).to.equal("success");
      expect(await solverTransfers(destination, requestId)).to.have.length(1);
    });

    it(`EVM deposit, SVM fill: killed at ${point}, filled exactly once after the restart`, async () => {
      const db = join(dir, `svm-destination-${point}.sqlite`);
      await start(db, point);
      const recipient = (await generateKeyPairSigner()).address as SvmAddress;
      const { user, requestId, tx } = await evmDeposit(SVM_CHAIN_ID, SVM_NATIVE, recipient);
      await user.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
      await crashed();
      await start(db);
      expect(await settled(requestId)).to.equal("success");
      expect(ledger.signaturesFor(recipient).filter((t) => t.err === null)).to.have.length(1);
      const balance = svm.getBalance(recipient) ?? 0n;
      // one fill of about 0.1 ETH (300 USD) at 150 USD per SOL, less fees: about 2 SOL, never 4
      expect(balance > 1_900_000_000n && balance < 2_000_000_000n, String(balance)).to.equal(true);
    });
  }

  describe("fast fill and hold expiry", () => {
    const sponsor = privateKeyToAccount(generatePrivateKey());
    /** 1,000 USD of app balance; a fast fill of 0.1 ETH (300 USD at the mock's price) holds 300. */
    const FUNDED = 1_000_000_000n;
    const HOLD = 300_000_000n;
    /** SVM deposits stay non-final for 200 slots (5 s at 25 ms), long enough to fast fill them. */
    const SVM_SLOW_FINALITY = ["--confirmations", `${SVM_CHAIN_ID}=200`];
    let fundings = 0;

    /** Links the sponsor's wallet to the API key and credits its app balance (mock funding route). */
    async function sponsorReady(): Promise<void> {
      const { body } = await api("GET", "/_mock/sponsorship-wallets/message");
      const signature = await sponsor.signMessage({ message: String(body.message) });
      expect(
        (await api("POST", "/_mock/sponsorship-wallets", { wallet: sponsor.address, signature })).status,
      ).to.equal(200);
      const funding = await api("POST", "/_mock/funding", {
        txHash: `0x${(++fundings).toString(16).padStart(64, "0")}`,
        from: sponsor.address,
        to: BASE_USDC,
        input: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: FUNDED }),
      });
      expect(funding.status, JSON.stringify(funding.body)).to.equal(200);
    }

    const available = async () =>
      BigInt(String((await api("GET", `/app-fees/${sponsor.address}/balances`)).body.amount));

    /** Polls (bounded) until `read` returns `expected`, mining the origin chain when `mining`. */
    async function eventually<T>(read: () => Promise<T>, expected: T, mining: boolean): Promise<void> {
      let last: T | undefined;
      for (let i = 0; i < 300; i++) {
        last = await read();
        if (last === expected) return;
        if (mining && i % 10 === 9) await mine();
        await sleep(50);
      }
      expect(last).to.equal(expected);
    }

    const status = async (requestId: string) =>
      String((await api("GET", `/intents/status/v3?requestId=${requestId}`)).body.status);

    /** POST /fast-fill; null when the service died answering it. */
    const fastFill = (requestId: string) => api("POST", "/fast-fill", { requestId }).catch(() => null);

    /** An EVM -> EVM request whose deposit is sent (one block: not final at 2 confirmations) and seen. */
    async function evmDepositing() {
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const { user, requestId, tx } = await evmDeposit(APP_BALANCE_CHAIN_ID, zeroAddress, recipient);
      await user.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
      await eventually(() => status(requestId), "depositing", false);
      return { requestId, recipient };
    }

    /** Exactly one fill reached `recipient` on 8453, and the recipient holds exactly it. */
    async function filledOnceOnEvm(requestId: string, recipient: Hex): Promise<void> {
      const fills = await solverTransfers(destination, requestId);
      expect(fills).to.have.length(1);
      const received = await (await destination.viem.getPublicClient()).getBalance({ address: recipient });
      expect(received).to.equal(fills[0]!.value);
    }

    for (const point of [
      "fast-fill-hold",
      "transfer-signed",
      "transfer-sent",
      "transfer-mined",
    ] as CrashPoint[]) {
      it(`EVM -> EVM fast fill killed at ${point}: filled once after the restart, the deposit releases the hold`, async () => {
        const db = join(dir, `fast-fill-evm-${point}.sqlite`);
        await start(db, point);
        await sponsorReady();
        const { requestId, recipient } = await evmDepositing();
        expect(await fastFill(requestId), "the service died answering the fast fill").to.equal(null);
        await crashed(false);
        await start(db);
        await eventually(() => status(requestId), "success", false);
        await eventually(available, FUNDED, true);
        await filledOnceOnEvm(requestId, recipient);
      });
    }

    it("EVM -> EVM fast fill answered, killed before the deposit finalizes: the final deposit releases the hold after the restart", async () => {
      const db = join(dir, "fast-fill-evm-answered.sqlite");
      await start(db);
      await sponsorReady();
      const { requestId, recipient } = await evmDepositing();
      const answered = await fastFill(requestId);
      expect(answered?.body.status).to.equal("filled");
      expect(await available()).to.equal(FUNDED - HOLD);
      stopChild();
      for (let i = 0; i < 3; i++) await mine();
      await start(db);
      expect(await status(requestId)).to.equal("success");
      await eventually(available, FUNDED, true);
      await filledOnceOnEvm(requestId, recipient);
    });

    for (const point of ["fast-fill-hold", "transfer-signed", "transfer-mined"] as CrashPoint[]) {
      it(`EVM -> SVM fast fill killed at ${point}: filled once on SVM after the restart, the hold released`, async () => {
        const db = join(dir, `fast-fill-svm-destination-${point}.sqlite`);
        await start(db, point);
        await sponsorReady();
        const recipient = (await generateKeyPairSigner()).address as SvmAddress;
        const { user, requestId, tx } = await evmDeposit(SVM_CHAIN_ID, SVM_NATIVE, recipient);
        await user.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
        await eventually(() => status(requestId), "depositing", false);
        expect(await fastFill(requestId)).to.equal(null);
        await crashed(false);
        await start(db);
        await eventually(() => status(requestId), "success", false);
        await eventually(available, FUNDED, true);
        expect(ledger.signaturesFor(recipient).filter((t) => t.err === null)).to.have.length(1);
      });
    }

    for (const point of ["fast-fill-hold", "transfer-mined"] as CrashPoint[]) {
      it(`SVM -> EVM fast fill killed at ${point}: filled once after the restart, the SVM deposit releases the hold`, async () => {
        const db = join(dir, `fast-fill-svm-origin-${point}.sqlite`);
        await start(db, point, SVM_SLOW_FINALITY);
        await sponsorReady();
        const recipient = privateKeyToAccount(generatePrivateKey()).address;
        const requestId = await svmPaid(recipient);
        await eventually(() => status(requestId), "depositing", false);
        expect(await fastFill(requestId)).to.equal(null);
        await crashed(false);
        await start(db, undefined, SVM_SLOW_FINALITY);
        await eventually(() => status(requestId), "success", false);
        await eventually(available, FUNDED, false);
        await filledOnceOnEvm(requestId, recipient);
      });
    }

    /** The deposit made final, a few indexer passes later: the hold's debit stands, nothing paid again. */
    async function depositLandsAfterTheDebit(requestId: string, recipient: Hex): Promise<void> {
      for (let i = 0; i < 3; i++) await mine();
      await sleep(1_500);
      expect(await available(), "the debit is permanent (service interface: Fast fill)").to.equal(
        FUNDED - HOLD,
      );
      expect(await status(requestId)).to.equal("success");
      await filledOnceOnEvm(requestId, recipient);
      expect(await solverTransfers(origin, requestId), "no refund").to.deep.equal([]);
    }

    it("hold expired while the service was down before its fast fill went out: the fill the debit paid for is made, once", async () => {
      const db = join(dir, "hold-expired-down.sqlite");
      const holdTimeout = ["--hold-timeout", "1"];
      await start(db, "fast-fill-hold", holdTimeout);
      await sponsorReady();
      const { requestId, recipient } = await evmDepositing();
      expect(await fastFill(requestId)).to.equal(null);
      await crashed(false);
      await sleep(1_500); // the hold's expiry passes while nothing runs
      await start(db, undefined, holdTimeout);
      await eventually(() => status(requestId), "success", false);
      await eventually(available, FUNDED - HOLD, false);
      await depositLandsAfterTheDebit(requestId, recipient);
    });

    it("killed right after the hold sweep debited an expired hold: debited once across the restart", async () => {
      const db = join(dir, "hold-expired-crash.sqlite");
      const holdTimeout = ["--hold-timeout", "1"];
      await start(db, "hold-expired", holdTimeout);
      await sponsorReady();
      const { requestId, recipient } = await evmDepositing();
      expect((await fastFill(requestId))?.body.status).to.equal("filled");
      await crashed(false);
      await start(db, undefined, holdTimeout);
      await sleep(1_500); // further sweeps: nothing is debited again
      expect(await available()).to.equal(FUNDED - HOLD);
      await depositLandsAfterTheDebit(requestId, recipient);
    });
  });
});
