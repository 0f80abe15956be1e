/**
 * Depository deposits seen by the EVM chain adapter, with no state read at any block: only the
 * configured depository's events count; a native deposit is worth the `msg.value` its code reports,
 * an ERC-20 one what the token's `Transfer` logs moved into the depository in that transaction.
 * A node without old state (one that refuses every state read) credits the same deposits.
 */
import { expect } from "chai";
import { network } from "hardhat";
import { getAddress, type Hex, keccak256, parseEther, toHex, zeroAddress } from "viem";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { ETH, EVM_RECIPIENT, get, post, SOLVER_KEY, testService } from "./helpers.ts";

const { viem, provider } = await network.create();
const publicClient = await viem.getPublicClient();
const chainId = await publicClient.getChainId();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("need two accounts");

const STATE_READS = ["eth_call", "eth_getStorageAt", "eth_getBalance", "eth_getCode", "eth_getProof"];

/** A provider like a node without old state: every state read is refused (and recorded). */
function noStateProvider(reads: string[]) {
  return {
    request: async (args: { method: string; params?: unknown }) => {
      if (STATE_READS.includes(args.method)) {
        reads.push(args.method);
        throw new Error("missing trie node (state is not available)");
      }
      return provider.request(args as Parameters<typeof provider.request>[0]);
    },
  };
}

let counter = 0;
const freshId = () => keccak256(toHex(`order-${counter++}`));

async function deployDepository() {
  return viem.deployContract("RelayDepository", [owner!.account.address]);
}

function adapterFor(depository: Hex, reads?: string[]) {
  return createEvmChainAdapter({
    chainId,
    ...(reads === undefined ? { provider } : { provider: noStateProvider(reads) }),
    solverPrivateKey: SOLVER_KEY,
    depository,
  });
}

/** The order deposits the adapter reports in blocks `from..to`, as `[orderId, currency, amount]`. */
async function orderDeposits(adapter: ReturnType<typeof adapterFor>, from: number, to = from) {
  const found = await adapter.scan(from, to);
  return found.flatMap((o) => (o.kind === "order-deposit" ? [[o.orderId, o.currency, o.amount]] : []));
}

async function mined(hash: Hex) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).to.equal("success");
  return Number(receipt.blockNumber);
}

describe("EVM chain adapter: depository deposits without historical state", () => {
  it("E4: a node that refuses every state read still credits native and ERC-20 depository deposits", async () => {
    const depository = await deployDepository();
    const token = await viem.deployContract("MockERC20", ["Test USD", "TUSD", 6]);
    await token.write.mint([payer.account.address, 1_000_000n]);
    await token.write.approve([depository.address, 400_000n], { account: payer.account });
    const [nativeId, tokenId] = [freshId(), freshId()];
    const first = await mined(
      await depository.write.depositNative([payer.account.address, nativeId], {
        account: payer.account,
        value: parseEther("0.3"),
      }),
    );
    const last = await mined(
      await depository.write.depositErc20([payer.account.address, token.address, 400_000n, tokenId], {
        account: payer.account,
      }),
    );
    await publicClient.request({ method: "evm_mine" } as never);
    const reads: string[] = [];
    // The node really refuses old state: the read the indexer used to make fails.
    const refusing = noStateProvider(reads);
    let refused: unknown;
    await refusing
      .request({ method: "eth_getBalance", params: [depository.address, toHex(first - 1)] })
      .catch((error: unknown) => {
        refused = error;
      });
    expect(String(refused)).to.match(/missing trie node/);
    reads.length = 0;
    const adapter = adapterFor(depository.address, reads);
    expect(await orderDeposits(adapter, first, last)).to.deep.equal([
      [nativeId, zeroAddress, parseEther("0.3").toString()],
      [tokenId, getAddress(token.address), "400000"],
    ]);
    expect(reads).to.deep.equal([]);
  });

  it("a withdrawal from the depository in the same block does not shrink an honest deposit's credit", async () => {
    const depository = await deployDepository();
    // Funds the depository already held, withdrawn by its owner in the deposit's block.
    await mined(
      await depository.write.depositNative([owner.account.address, freshId()], { value: parseEther("1") }),
    );
    const id = freshId();
    await provider.request({ method: "evm_setAutomine", params: [false] });
    try {
      await depository.write.depositNative([payer.account.address, id], {
        account: payer.account,
        value: parseEther("0.5"),
      });
      await depository.write.withdraw([zeroAddress, owner.account.address, parseEther("0.8")]);
      await provider.request({ method: "evm_mine" });
    } finally {
      await provider.request({ method: "evm_setAutomine", params: [true] });
    }
    const block = Number(await publicClient.getBlockNumber());
    const { transactions } = await publicClient.getBlock({ blockNumber: BigInt(block) });
    // Both landed in one block: the depository's balance fell over it by 0.3.
    expect(transactions).to.have.length(2);
    const before = await publicClient.getBalance({
      address: depository.address,
      blockNumber: BigInt(block - 1),
    });
    const after = await publicClient.getBalance({ address: depository.address, blockNumber: BigInt(block) });
    expect(before - after).to.equal(parseEther("0.3"));
    expect(await orderDeposits(adapterFor(depository.address), block)).to.deep.equal([
      [id, zeroAddress, parseEther("0.5").toString()],
    ]);
  });

  it("a fee-on-transfer token is credited what its Transfer logs moved in, not the event's amount", async () => {
    const depository = await deployDepository();
    const token = await viem.deployContract("FeeOnTransferToken", [100n]);
    await token.write.mint([payer.account.address, 1_000_000n]);
    await token.write.approve([depository.address, 100_000n], { account: payer.account });
    const id = freshId();
    const block = await mined(
      await depository.write.depositErc20([payer.account.address, token.address, 100_000n, id], {
        account: payer.account,
      }),
    );
    // The event claims the gross amount; 1% stayed behind as the token's fee.
    const events = await depository.getEvents.RelayErc20Deposit({
      fromBlock: BigInt(block),
      toBlock: BigInt(block),
    });
    expect(events[0]?.args.amount).to.equal(100_000n);
    expect(await token.read.balanceOf([depository.address])).to.equal(99_000n);
    expect(await orderDeposits(adapterFor(depository.address, []), block)).to.deep.equal([
      [id, getAddress(token.address), "99000"],
    ]);
  });

  it("attack: a lookalike depository at another address emits the same events and is credited nothing", async () => {
    const configured = await deployDepository();
    const lookalike = await deployDepository();
    const id = freshId();
    const block = await mined(
      await lookalike.write.depositNative([payer.account.address, id], { account: payer.account, value: 1n }),
    );
    // The attack really happened: the lookalike emitted a deposit event under the order id.
    const events = await lookalike.getEvents.RelayNativeDeposit({
      fromBlock: BigInt(block),
      toBlock: BigInt(block),
    });
    expect(events.map((event) => event.args.id)).to.deep.equal([id]);
    expect(await orderDeposits(adapterFor(configured.address, []), block)).to.deep.equal([]);
  });

  it("E4 end to end: with a node without old state, an order deposit reaches success and the indexer's cursor moves on", async () => {
    const depository = await deployDepository();
    const reads: string[] = [];
    const service = testService({
      chains: [adapterFor(depository.address, reads)],
      protocolChains: { [chainId]: { chainId: "local", depository: depository.address } },
      confirmations: { [chainId]: 1 },
      indexerIntervalMs: 0,
    });
    try {
      const quote = await post(service, "/quote/v2", {
        user: payer.account.address,
        originChainId: chainId,
        destinationChainId: 8453,
        originCurrency: ETH,
        destinationCurrency: ETH,
        recipient: EVM_RECIPIENT,
        tradeType: "EXACT_INPUT",
        amount: parseEther("0.5").toString(),
        includeProtocolData: true,
      });
      expect(quote.status, quote.raw).to.equal(200);
      const body = quote.body as { steps: { requestId: string }[]; protocol: { v2: { orderId: Hex } } };
      const id = body.steps[0]!.requestId;
      const hash = await depository.write.depositNative([payer.account.address, body.protocol.v2.orderId], {
        account: payer.account,
        value: parseEther("0.5"),
      });
      const deposited = await mined(hash);
      await publicClient.request({ method: "evm_mine" } as never);
      await service.indexer!.tick();
      await service.lifecycle.idle();
      const done = (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
        status: string;
        inTxHashes: string[];
      };
      expect(done.status).to.equal("success");
      expect(done.inTxHashes).to.deep.equal([hash]);
      expect(reads).to.deep.equal([]);
      const cursor = service.store
        .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
        .get(chainId) as { next_block: string };
      expect(BigInt(cursor.next_block) > BigInt(deposited)).to.equal(true);
    } finally {
      await service.close();
    }
  });
});
