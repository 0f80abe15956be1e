/**
 * Receiver deposits seen by the EVM chain adapter: a `DepositAccepted` event counts only when the
 * solver it names is a key the service controls (its solver, a configured former key, or one from
 * the service's own key history), whatever the receiver's state: deposits paid to any other key are
 * someone else's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { createService } from "../../src/service/service.ts";
import {
  DEST_CHAIN_ID,
  DEST_USER,
  destination,
  MAX_WINDOW,
  quote,
  STRANGER_KEY,
  strangerAccount,
} from "../evm/helpers.ts";
import { SOLVER_KEY } from "./helpers.ts";

const { viem, networkHelpers, provider } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");
const serviceSolver = privateKeyToAccount(SOLVER_KEY);

async function deploy(initialSolver: Hex, formerSolvers: Hex[] = []) {
  const receiver = await viem.deployContract("AttestedReceiver", [
    owner!.account.address,
    initialSolver,
    MAX_WINDOW,
    [destination(DEST_CHAIN_ID, DEST_USER)],
  ]);
  const adapter = createEvmChainAdapter({
    chainId,
    provider,
    solverPrivateKey: SOLVER_KEY,
    receivers: [receiver.address],
    formerSolvers,
  });
  return { receiver, adapter };
}

type Deployed = Awaited<ReturnType<typeof deploy>>;

/** The payer deposits 1 ETH through the receiver for a quote signed by `signer`; returns its block. */
async function deposit({ receiver }: Deployed, signer: typeof serviceSolver) {
  const q = await quote({ chainId, payer: payer!.account.address, amount: parseEther("1"), signer });
  const deadline = BigInt(await networkHelpers.time.latest()) + 600n;
  const hash = await receiver.write.depositNative([q.struct, deadline, q.signature], {
    account: payer!.account,
    value: parseEther("1"),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).to.equal("success");
  return { requestId: q.requestId, block: Number(receipt.blockNumber) };
}

/** Request ids of the receiver deposits the adapter reports in `block`. */
async function seen({ adapter }: Deployed, block: number): Promise<string[]> {
  const observations = await adapter.scan(block, block);
  return observations.flatMap((o) =>
    o.kind === "deposit" && o.via === "receiver-event" ? [o.requestId] : [],
  );
}

describe("EVM chain adapter: receiver deposits and the solver they paid", () => {
  before(async () => {
    await owner.sendTransaction({ to: serviceSolver.address, value: parseEther("1") });
    await owner.sendTransaction({ to: strangerAccount.address, value: parseEther("1") });
  });

  it("a deposit paid to the service's solver is counted", async () => {
    const deployed = await deploy(serviceSolver.address);
    const paid = await deposit(deployed, serviceSolver);
    expect(await seen(deployed, paid.block)).to.deep.equal([paid.requestId]);
  });

  it("a receiver whose solver never was the service's: its deposits are not counted", async () => {
    const deployed = await deploy(strangerAccount.address);
    const paid = await deposit(deployed, strangerAccount);
    // the attack really happened: the receiver accepted the deposit and paid the stranger
    expect(await deployed.receiver.read.isAccepted([paid.requestId as Hex])).to.equal(true);
    expect(await seen(deployed, paid.block)).to.deep.equal([]);
  });

  it("a receiver rotated away from the service's solver: later deposits are not counted", async () => {
    const deployed = await deploy(serviceSolver.address);
    await deployed.receiver.write.setSolver([strangerAccount.address, 0], { account: owner.account });
    const paid = await deposit(deployed, strangerAccount);
    expect(await deployed.receiver.read.isAccepted([paid.requestId as Hex])).to.equal(true);
    expect(await seen(deployed, paid.block)).to.deep.equal([]);
  });

  it("E1: a receiver rotated to the service inside the previous key's grace: deposits the previous key signs and takes are not the service's", async () => {
    const deployed = await deploy(strangerAccount.address);
    await deployed.receiver.write.setSolver([serviceSolver.address, 100], { account: owner.account });
    // the attack really happened: the receiver names the service's solver now and accepts the
    // stranger's attestation inside its grace, paying the stranger
    expect((await deployed.receiver.read.solver()).toLowerCase()).to.equal(
      serviceSolver.address.toLowerCase(),
    );
    const before = await publicClient.getBalance({ address: strangerAccount.address });
    const inGrace = await deposit(deployed, strangerAccount);
    expect(await publicClient.getBalance({ address: strangerAccount.address })).to.equal(
      before + parseEther("1"),
    );
    expect(await seen(deployed, inGrace.block)).to.deep.equal([]);
  });

  it("E2: deposits honestly paid to a configured former key of the service after a rotation still count", async () => {
    const deployed = await deploy(strangerAccount.address, [strangerAccount.address]);
    await deployed.receiver.write.setSolver([serviceSolver.address, 100], { account: owner.account });
    const inGrace = await deposit(deployed, strangerAccount);
    const current = await deposit(deployed, serviceSolver);
    expect(await seen(deployed, inGrace.block)).to.deep.equal([inGrace.requestId]);
    expect(await seen(deployed, current.block)).to.deep.equal([current.requestId]);
  });

  it("E2 without configuration: after the service restarts on its database with a new key, deposits paid to its former key inside the receiver's grace count", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-keys-"));
    const db = join(dir, "service.sqlite");
    try {
      // The service ran with its former key on this database ...
      await createService({ db, newDb: true, solverPrivateKey: STRANGER_KEY, apiKeys: ["k"] }).close();
      const deployed = await deploy(strangerAccount.address);
      await deployed.receiver.write.setSolver([serviceSolver.address, 100], { account: owner.account });
      const inGrace = await deposit(deployed, strangerAccount);
      // ... an adapter of its new key alone does not count the deposit paid to the former one ...
      expect(await seen(deployed, inGrace.block)).to.deep.equal([]);
      // ... the service on the same database adds its key history to its adapters.
      const service = createService({
        db,
        solverPrivateKey: SOLVER_KEY,
        apiKeys: ["k"],
        chains: [deployed.adapter],
      });
      try {
        expect(await seen(deployed, inGrace.block)).to.deep.equal([inGrace.requestId]);
      } finally {
        await service.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("E4: scanning reads no historical state (a node that refuses every state read still indexes)", async () => {
    const deployed = await deploy(strangerAccount.address);
    await deployed.receiver.write.setSolver([serviceSolver.address, 100], { account: owner.account });
    const foreign = await deposit(deployed, strangerAccount);
    const own = await deposit(deployed, serviceSolver);
    const stateReads: string[] = [];
    const noState = createEvmChainAdapter({
      chainId,
      provider: {
        request: async (args: { method: string; params?: unknown }) => {
          if (["eth_call", "eth_getStorageAt", "eth_getBalance", "eth_getCode"].includes(args.method)) {
            stateReads.push(args.method);
            throw new Error("missing trie node (state is not available)");
          }
          return provider.request(args as Parameters<typeof provider.request>[0]);
        },
      },
      solverPrivateKey: SOLVER_KEY,
      receivers: [deployed.receiver.address],
    });
    const found = await noState.scan(foreign.block, own.block);
    expect(found.flatMap((o) => (o.kind === "deposit" ? [o.requestId] : []))).to.deep.equal([own.requestId]);
    expect(stateReads).to.deep.equal([]);
  });
});
