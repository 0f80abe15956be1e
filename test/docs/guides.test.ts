/**
 * The guides' samples run as an integrator runs them: the Solidity sample compiles against the
 * shipped library and verifies a shared vector onchain; the frontend, devnet and indexing samples
 * move a real deposit on a devnet started in this process.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "chai";
import { network } from "hardhat";
import { type Abi, createPublicClient, getAddress, type Hex, http } from "viem";
import { devnetTransfer } from "../../docs/examples/devnet-deposit.ts";
import { indexReceiverDeposits, readAppBalanceFunding } from "../../docs/examples/index-evm-deposits.ts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";
import { decodeEvmReceiverDeposit } from "../../src/receiver/index.ts";

const ROOT = new URL("../../", import.meta.url);
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string, options: { import(path: string): object }): string };

type Vector = { signer: string; signature: Hex; words: Record<string, Hex> };
const { vectors } = JSON.parse(readFileSync(new URL("test/vectors/attestation.json", ROOT), "utf8")) as {
  vectors: Vector[];
};

/** Compiles docs/examples/solidity/AttestationGate.sol, `attestkit/contracts/` resolved to this package's contracts/. */
function compileGate(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: "Solidity",
    sources: {
      "AttestationGate.sol": {
        content: readFileSync(new URL("docs/examples/solidity/AttestationGate.sol", ROOT), "utf8"),
      },
    },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const resolveImport = (path: string) =>
    path.startsWith("attestkit/contracts/")
      ? { contents: readFileSync(new URL(path.slice("attestkit/".length), ROOT), "utf8") }
      : { error: `unexpected import ${path}` };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  expect(errors.map((e) => e.formattedMessage)).to.deep.equal([]);
  const gate = output.contracts["AttestationGate.sol"]?.AttestationGate;
  if (gate === undefined) throw new Error("AttestationGate missing from the solc output");
  return { abi: gate.abi, bytecode: `0x${gate.evm.bytecode.object}` };
}

describe("docs/guides samples", function () {
  this.timeout(300_000);

  it("verify-in-solidity: AttestationGate accepts the shared vector's signer and refuses another solver", async () => {
    const { viem } = await network.create();
    const [wallet] = await viem.getWalletClients();
    const publicClient = await viem.getPublicClient();
    if (wallet === undefined) throw new Error("no wallet");
    const { abi, bytecode } = compileGate();
    const vector = vectors[0] as Vector;
    const w = vector.words;
    const data = {
      requestId: w.requestId,
      originChainId: BigInt(w.originChainId as Hex),
      originUser: w.originUser,
      originCurrency: w.originCurrency,
      originAmount: BigInt(w.originAmount as Hex),
      destinationChainId: BigInt(w.destinationChainId as Hex),
      destinationUser: w.destinationUser,
    };
    const deploy = async (solver: string) => {
      const hash = await wallet.deployContract({ abi, bytecode, args: [solver] });
      const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
      if (!contractAddress) throw new Error("no contract address");
      return contractAddress;
    };
    const isAttested = async (gate: Hex, signature: Hex) =>
      publicClient.readContract({ address: gate, abi, functionName: "isAttested", args: [data, signature] });

    const trusting = await deploy(vector.signer);
    expect(await isAttested(trusting, vector.signature)).to.equal(true);
    // Attack: an attestation signed by a key other than the trusted solver.
    const other = await deploy("0x1111111111111111111111111111111111111111");
    expect(await isAttested(other, vector.signature)).to.equal(false);
    // A malformed signature reverts with the library's typed error instead of reading as "not signed".
    let reverted: unknown;
    try {
      await isAttested(trusting, vector.signature.slice(0, 40) as Hex);
    } catch (error) {
      reverted = error;
    }
    expect(String(reverted)).to.match(/InvalidSignatureLength/);
  });

  describe("on the devnet", () => {
    let devnet: Devnet;
    before(async () => {
      devnet = await startDevnet({ blockTimeMs: 200, indexerIntervalMs: 50 });
    });
    after(async () => {
      await devnet?.close();
    });

    it("devnet-testing + frontend-deposits + backend-indexing: a USDC transfer is deposited, filled and indexed", async () => {
      const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
      const usdc = (chain: typeof base) => {
        const token = chain.tokens.find((t) => t.symbol === "USDC");
        if (token === undefined) throw new Error(`no USDC on ${chain.chainId}`);
        return token.address;
      };
      const alice = evmDevAccount("alice");
      const bob = evmDevAccount("bob");
      const result = await devnetTransfer({
        serviceUrl: devnet.serviceUrl,
        rpcUrl: base.rpcUrl,
        receiver: base.receiver,
        solver: devnet.solver.evm,
        userKey: alice.privateKey,
        recipient: bob.address,
        usdcOn8453: usdc(base),
        usdcOn10: usdc(optimism),
      });
      expect(result.status.status).to.equal("success");
      expect(result.deposit.requestId).to.equal(result.requestId);
      expect(result.deposit.payer).to.equal(getAddress(alice.address));
      expect(result.deposit.amount).to.equal(25_000_000n);

      const client = createPublicClient({ transport: http(base.rpcUrl) });
      const receipt = await client.getTransactionReceipt({ hash: result.depositHash });
      const indexed = await indexReceiverDeposits(
        client,
        [base.receiver],
        receipt.blockNumber,
        receipt.blockNumber,
      );
      expect(indexed.map((d) => d.requestId)).to.deep.equal([result.requestId]);
      expect(indexed[0]?.transactionHash).to.equal(result.depositHash);
      // Attack: the same DepositAccepted log, had a contract other than your receiver emitted it, is
      // not a deposit: the emitter is part of the check.
      const log = receipt.logs.find((l) => decodeEvmReceiverDeposit(l, [base.receiver]) !== null);
      expect(log, "the deposit's DepositAccepted log").to.not.equal(undefined);
      if (log === undefined) return;
      const lookalike = { ...log, address: getAddress("0x2222222222222222222222222222222222222222") };
      expect(decodeEvmReceiverDeposit(lookalike, [base.receiver])).to.equal(null);
      // A receiver deposit is not app-balance funding.
      expect(await readAppBalanceFunding(client, result.depositHash)).to.equal(null);
    });
  });
});
