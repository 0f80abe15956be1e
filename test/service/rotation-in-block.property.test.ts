/**
 * E2, rotations inside one block: the receiver's owner rotates its solver in the same block as a
 * deposit (automine off, both sent, one block mined, in either order, with or without a grace). The
 * EVM adapter must count exactly the accepted deposits paid to a key the service controls (its
 * solver or a configured former key), judged by the event, never by the receiver's state at the end
 * of the block; and what it counts must be what those keys gained in that block, so the solver's
 * inventory never pays for a deposit that did not reach it.
 */
import { expect } from "chai";
import fc from "fast-check";
import { network } from "hardhat";
import { type Hex, parseEther, parseGwei } from "viem";
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from "viem/accounts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { DEST_CHAIN_ID, DEST_USER, destination, MAX_WINDOW, quote, strangerAccount } from "../evm/helpers.ts";
import { SOLVER_KEY } from "./helpers.ts";

const { viem, networkHelpers, provider } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
// (wallet #1 is the service's solver key itself: the payer is another account)
const [owner, , payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");

const keys: Record<"service" | "former" | "stranger", LocalAccount> = {
  service: privateKeyToAccount(SOLVER_KEY),
  former: privateKeyToAccount(generatePrivateKey()),
  stranger: strangerAccount,
};
type Key = keyof typeof keys;
const SERVICE_KEYS: Key[] = ["service", "former"];
const AMOUNT = parseEther("1");

/** In one block: `setSolver(next, grace)` and a deposit attested by `signer`, `rotateFirst` deciding their order. */
async function rotationAndDepositInOneBlock(shape: {
  initial: Key;
  next: Key;
  grace: number;
  signer: Key;
  rotateFirst: boolean;
}) {
  const receiver = await viem.deployContract("AttestedReceiver", [
    owner!.account.address,
    keys[shape.initial].address,
    MAX_WINDOW,
    [destination(DEST_CHAIN_ID, DEST_USER)],
  ]);
  const q = await quote({
    chainId,
    payer: payer!.account.address,
    amount: AMOUNT,
    signer: keys[shape.signer],
  });
  const deadline = BigInt(await networkHelpers.time.latest()) + 600n;
  // The miner orders by priority fee: the higher one goes first in the block.
  const fees = (first: boolean) => ({
    maxFeePerGas: parseGwei("100"),
    maxPriorityFeePerGas: parseGwei(first ? "3" : "1"),
  });
  const balances = async () =>
    Promise.all(Object.values(keys).map((key) => publicClient.getBalance({ address: key.address })));
  const before = await balances();
  await provider.request({ method: "evm_setAutomine", params: [false] });
  let rotation: Hex;
  let deposit: Hex;
  try {
    rotation = await receiver.write.setSolver([keys[shape.next].address, shape.grace], {
      account: owner!.account,
      gas: 200_000n,
      ...fees(shape.rotateFirst),
    });
    deposit = await receiver.write.depositNative([q.struct, deadline, q.signature], {
      account: payer!.account,
      value: AMOUNT,
      gas: 300_000n,
      ...fees(!shape.rotateFirst),
    });
    await provider.request({ method: "evm_mine", params: [] });
  } finally {
    await provider.request({ method: "evm_setAutomine", params: [true] });
  }
  const [rotated, deposited] = await Promise.all(
    [rotation, deposit].map((hash) => publicClient.getTransactionReceipt({ hash })),
  );
  const after = await balances();
  const gained = Object.fromEntries(
    Object.keys(keys).map((key, i) => [key, after[i]! - before[i]!]),
  ) as Record<Key, bigint>;
  return { receiver, requestId: q.requestId, rotated: rotated!, deposited: deposited!, gained };
}

describe("property E2: a solver rotation in the deposit's block", () => {
  before(async () => {
    await owner.sendTransaction({ to: keys.service.address, value: parseEther("1") });
  });

  /** Request ids of the receiver deposits the service's adapter counts in `block`. */
  async function counted(receiver: Hex, block: bigint) {
    const adapter = createEvmChainAdapter({
      chainId,
      provider,
      solverPrivateKey: SOLVER_KEY,
      receivers: [receiver],
      formerSolvers: [keys.former.address],
    });
    return (await adapter.scan(Number(block), Number(block))).flatMap((o) =>
      o.kind === "deposit" && o.via === "receiver-event" ? [o] : [],
    );
  }

  it("E2: a stranger-paid deposit followed in its block by a rotation to the service (with a grace) is not counted", async () => {
    // At the end of the block the stranger is the receiver's previous solver inside its grace: judged
    // by that state, the deposit would look like one the service may count.
    const shape = {
      initial: "stranger",
      next: "service",
      grace: 100,
      signer: "stranger",
      rotateFirst: false,
    } as const;
    const { receiver, deposited, gained } = await rotationAndDepositInOneBlock(shape);
    // the attack really happened: the stranger was paid, and the block ends with the service as solver
    expect(deposited.status).to.equal("success");
    expect(gained.stranger).to.equal(AMOUNT);
    expect((await receiver.read.solver()).toLowerCase()).to.equal(keys.service.address.toLowerCase());
    expect(await counted(receiver.address, deposited.blockNumber)).to.deep.equal([]);
  });

  it("a deposit paid to the service followed in its block by a rotation away still counts", async () => {
    const shape = {
      initial: "service",
      next: "stranger",
      grace: 0,
      signer: "service",
      rotateFirst: false,
    } as const;
    const { receiver, requestId, deposited, gained } = await rotationAndDepositInOneBlock(shape);
    expect(gained.service).to.equal(AMOUNT);
    const found = await counted(receiver.address, deposited.blockNumber);
    expect(found.map((o) => [o.requestId, o.amount])).to.deep.equal([[requestId, AMOUNT.toString()]]);
  });

  it("only deposits paid to the service's keys are counted, and they are what those keys gained", async () => {
    const key = fc.constantFrom<Key>("service", "former", "stranger");
    const shapes = fc
      .record({
        initial: key,
        next: key,
        grace: fc.constantFrom(0, 100),
        signer: key,
        rotateFirst: fc.boolean(),
      })
      .filter((shape) => shape.initial !== shape.next);
    let rotatedAfterDeposit = 0;
    await fc.assert(
      fc.asyncProperty(shapes, async (shape) => {
        const { receiver, requestId, rotated, deposited, gained } = await rotationAndDepositInOneBlock(shape);
        // the shape really happened: both in one block, in the order asked, the rotation applied
        expect(rotated.blockNumber).to.equal(deposited.blockNumber);
        expect(rotated.transactionIndex < deposited.transactionIndex).to.equal(shape.rotateFirst);
        expect(rotated.status).to.equal("success");
        expect((await receiver.read.solver()).toLowerCase()).to.equal(keys[shape.next].address.toLowerCase());
        if (!shape.rotateFirst && deposited.status === "success") rotatedAfterDeposit++;
        // the receiver paid the deposit to the key that attested it, when it accepted it
        const accepted = deposited.status === "success";
        expect(gained[shape.signer]).to.equal(accepted ? AMOUNT : 0n);

        const found = await counted(receiver.address, deposited.blockNumber);
        const paidToService = accepted && SERVICE_KEYS.includes(shape.signer);
        expect(found.map((o) => o.requestId)).to.deep.equal(paidToService ? [requestId] : []);
        const countedTotal = found.reduce((sum, o) => sum + BigInt(o.amount), 0n);
        expect(countedTotal).to.equal(gained.service + gained.former);
      }),
      { numRuns: 48 },
    );
    // the interesting shape was exercised: a deposit accepted, then a rotation, in one block
    expect(rotatedAfterDeposit).to.be.greaterThan(0);
  });
});
