/**
 * `attestkit devnet --dump-state` / `--load-state`, run as child processes: a devnet changed over its
 * public surfaces (ETH sent and a contract deployed on both EVM chains, SOL sent on the SVM chain, a
 * request quoted), stopped with SIGINT, serves the same balances, code, programs and requests when
 * started from the file; a file of another attestkit version is refused with one line (exit 2).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
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
import { evmDevAccount, svmDevKeypair } from "../../src/devnet/accounts.ts";
import { DEVNET_API_KEY } from "../../src/devnet/devnet.ts";
import { createServiceClient } from "../../src/index.ts";
import { ATTESTED_RECEIVER_PROGRAM_ADDRESS } from "../../src/receiver/generated/programs/attestedReceiver.ts";

/** Init code of a contract whose runtime code returns 42 (10 bytes of runtime). */
const RETURNS_42 = "0x600a600c600039600a6000f3602a60005260206000f3" as Hex;

interface Running {
  child: ChildProcess;
  service: string;
  evm: Map<number, string>;
  svm: string;
  receivers: Map<number, Hex>;
}

/** Starts `attestkit devnet` on free ports and reads its endpoints from the banner. */
function startCli(args: string[]): Promise<Running> {
  const child = spawn(
    process.execPath,
    [
      "src/cli.ts",
      "devnet",
      "--port",
      "0",
      "--rpc-port",
      "0",
      "--svm-rpc-port",
      "0",
      "--block-time",
      "0",
      ...args,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`devnet exited ${code}: ${err}`)));
    child.stdout?.on("data", (chunk) => {
      if (out.includes("Activity (")) return;
      out += chunk;
      if (!out.includes("Activity (")) return;
      child.removeAllListeners("exit");
      const url = (pattern: RegExp) => (pattern.exec(out)?.[1] ?? "") as string;
      resolve({
        child,
        service: url(/mock service\s+(http:\/\/\S+)/),
        evm: new Map([
          [8453, url(/\(8453\)\s+(http:\/\/\S+)/)],
          [10, url(/\(10\)\s+(http:\/\/\S+)/)],
        ]),
        svm: url(/svm \(792703809\)\s+(http:\/\/\S+)/),
        receivers: new Map([
          [8453, url(/8453\s+AttestedReceiver\s+(0x\w+)/) as Hex],
          [10, url(/10\s+AttestedReceiver\s+(0x\w+)/) as Hex],
        ]),
      });
    });
  });
}

/** Runs `attestkit devnet` with `args` to its end (a refused start). */
function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["src/cli.ts", "devnet", "--port", "0", ...args],
      { timeout: 60_000 },
      (error, _out, stderr) =>
        resolve({ code: error === null ? 0 : ((error as { code?: number }).code ?? null), stderr }),
    );
  });
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.on("exit", (code) => resolve(code));
    running.child.kill("SIGINT");
  });
}

const alice = privateKeyToAccount(evmDevAccount("alice").privateKey);

async function sendSol(rpcUrl: string, to: SvmAddress, amount: bigint): Promise<void> {
  const rpc = createSolanaRpc(rpcUrl);
  const payer = await svmDevKeypair("alice");
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

/** What the test compares between the saved devnet and the loaded one. */
async function observe(
  running: Running,
  watched: { evm: Hex; contract: Map<number, Hex>; svm: SvmAddress; requestId: string },
) {
  const seen: Record<string, unknown> = {};
  for (const [chainId, url] of running.evm) {
    const reader = createPublicClient({ transport: http(url) });
    seen[`alice ${chainId}`] = await reader.getBalance({ address: alice.address });
    seen[`recipient ${chainId}`] = await reader.getBalance({ address: watched.evm });
    seen[`contract ${chainId}`] = await reader.getCode({ address: watched.contract.get(chainId) as Hex });
    seen[`receiver ${chainId}`] = await reader.getCode({ address: running.receivers.get(chainId) as Hex });
  }
  const rpc = createSolanaRpc(running.svm);
  seen["svm alice"] = (
    await rpc.getBalance((await svmDevKeypair("alice")).address, { commitment: "processed" }).send()
  ).value;
  seen["svm recipient"] = (await rpc.getBalance(watched.svm, { commitment: "processed" }).send()).value;
  const program = await rpc.getAccountInfo(ATTESTED_RECEIVER_PROGRAM_ADDRESS, { encoding: "base64" }).send();
  seen["svm receiver program"] = program.value?.data[0];
  const client = createServiceClient({ baseUrl: running.service, apiKey: DEVNET_API_KEY });
  seen.status = (await client.getStatus(watched.requestId)).status;
  seen.requests = (await client.listRequests()).requests.map((request) => request.id);
  return seen;
}

describe("attestkit devnet --dump-state / --load-state", function () {
  this.timeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
  const file = join(dir, "devnet.json");
  const started: Running[] = [];
  after(async () => {
    for (const running of started) if (running.child.exitCode === null) await stop(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a devnet saved on SIGINT starts from the file with the same balances, code, programs and requests", async () => {
    const first = await startCli(["--dump-state", file]);
    started.push(first);
    const recipient = privateKeyToAddress(generatePrivateKey());
    const contract = new Map<number, Hex>();
    for (const [chainId, url] of first.evm) {
      const chain = defineChain({
        id: chainId,
        name: `chain ${chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [url] } },
      });
      const wallet = createWalletClient({ account: alice, chain, transport: http(url) });
      const reader = createPublicClient({ chain, transport: http(url) });
      await reader.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: recipient, value: parseEther("1.5") }),
      });
      const deployed = await reader.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ data: RETURNS_42 }),
      });
      contract.set(chainId, deployed.contractAddress as Hex);
    }
    const svmRecipient = (await generateKeyPairSigner()).address;
    await sendSol(first.svm, svmRecipient, 3_000_000_000n);
    const client = createServiceClient({ baseUrl: first.service, apiKey: DEVNET_API_KEY });
    const quote = await client.quoteV2({
      user: alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.01").toString(),
      tradeType: "EXACT_INPUT",
    });
    const watched = {
      evm: recipient,
      contract,
      svm: svmRecipient,
      requestId: quote.steps[0]?.requestId as string,
    };
    const before = await observe(first, watched);
    expect(before["recipient 8453"]).to.equal(parseEther("1.5"));
    expect(before["svm recipient"]).to.equal(3_000_000_000n);
    expect(before.status).to.equal("waiting");
    expect(before["contract 10"]).to.equal("0x602a60005260206000f3");

    expect(await stop(first)).to.equal(0);
    const second = await startCli(["--load-state", file]);
    started.push(second);
    expect(await observe(second, watched)).to.deep.equal(before);
    await stop(second);
  });

  it("--dump-state into a folder that does not exist, or with an external SVM validator, is refused at start (exit 2)", async () => {
    for (const args of [
      ["--dump-state", join(dir, "missing", "devnet.json")],
      ["--dump-state", file, "--svm-rpc-url", "http://127.0.0.1:1"],
      ["--load-state", file, "--svm-rpc-url", "http://127.0.0.1:1"],
    ]) {
      const { code, stderr } = await runCli(args);
      expect(code, args.join(" ")).to.equal(2);
      expect(stderr.trim().split("\n"), stderr).to.have.length(1);
      expect(stderr).to.match(/--(dump|load)-state/);
    }
  });

  it("a state file of another attestkit version is refused with one line and exit code 2", async () => {
    const saved = JSON.parse(readFileSync(file, "utf8"));
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ ...saved, attestkit: "0.0.1" }));
    const { code, stderr } = await runCli(["--load-state", other]);
    expect(code).to.equal(2);
    expect(stderr.trim().split("\n")).to.have.length(1);
    expect(stderr).to.include("written by attestkit 0.0.1");
  });
});
