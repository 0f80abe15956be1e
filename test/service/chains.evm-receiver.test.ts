/**
 * Receiver deposits seen by the EVM chain adapter: a `DepositAccepted` event counts only when the
 * solver it names is the service's solver, or the receiver's previous solver inside its grace while
 * the service's solver is the current one. Deposits paid to any other solver are someone else's.
 */
import { expect } from "chai";
import { network } from "hardhat";
import { type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { DEST_CHAIN_ID, DEST_USER, destination, MAX_WINDOW, quote, strangerAccount } from "../evm/helpers.ts";
import { SOLVER_KEY } from "./helpers.ts";

const { viem, networkHelpers, provider } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");
const serviceSolver = privateKeyToAccount(SOLVER_KEY);

async function deploy(initialSolver: Hex) {
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

  it("rotated to the service's solver: the previous solver's deposits in its grace count, judged at their own block", async () => {
    const deployed = await deploy(strangerAccount.address);
    await deployed.receiver.write.setSolver([serviceSolver.address, 100], { account: owner.account });
    const inGrace = await deposit(deployed, strangerAccount);
    expect(await seen(deployed, inGrace.block)).to.deep.equal([inGrace.requestId]);
    // a later rotation ends the stranger's grace; the earlier deposit is still judged at its own block
    await deployed.receiver.write.setSolver([serviceSolver.address, 0], { account: owner.account });
    const after = await deposit(deployed, serviceSolver);
    expect(await seen(deployed, after.block)).to.deep.equal([after.requestId]);
    expect(await seen(deployed, inGrace.block)).to.deep.equal([inGrace.requestId]);
  });
});
