/**
 * Reorgs within the confirmation depth on an EVM chain (Hardhat EDR's evm_snapshot / evm_revert
 * drop the blocks holding a deposit): a request a vanished deposit moved to `depositing` goes back
 * to `waiting`, no fast fill is accepted on it, and nothing is ever filled for it.
 */
import { expect } from "chai";
import type { network } from "hardhat";
import { type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { APP_BALANCE_CHAIN_ID, encodeAppBalanceFundingCalldata } from "../../src/index.ts";
import type { Service } from "../../src/service/index.ts";
import {
  API_KEY,
  BASE_USDC,
  EDR_ORIGIN_CHAIN_ID,
  ETH,
  EVM_RECIPIENT,
  get,
  linkSponsorshipWallet,
  post,
  SOLVER,
  SPONSOR_KEY,
  serviceOnEdrChains,
} from "../service/helpers.ts";

const ORIGIN = EDR_ORIGIN_CHAIN_ID;
const CONFIRMATIONS = 3;

describe("EVM reorgs within the confirmation depth", () => {
  let service: Service;
  let origin: Awaited<ReturnType<typeof network.create>>;
  let destination: Awaited<ReturnType<typeof network.create>>;
  let close: () => Promise<void>;

  before(async () => {
    ({ service, origin, destination, close } = await serviceOnEdrChains(CONFIRMATIONS));
    const sponsor = privateKeyToAccount(SPONSOR_KEY);
    await linkSponsorshipWallet(service, sponsor);
    const funding = await post(
      service,
      "/_mock/funding",
      {
        txHash: `0x${"f".repeat(64)}`,
        from: sponsor.address,
        to: BASE_USDC,
        input: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 10_000_000_000n }),
      },
      { "x-api-key": API_KEY },
    );
    expect(funding.status, funding.raw).to.equal(200);
  });
  after(() => close());

  const mine = async (blocks: number) => {
    for (let i = 0; i < blocks; i++) await origin.provider.request({ method: "evm_mine", params: [] });
  };
  const status = async (id: string) =>
    (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
      status: string;
      inTxHashes: string[];
    };
  const pass = async () => {
    await service.indexer!.tick();
    await service.lifecycle.idle();
  };

  /** A quote for 1 ETH to EVM_RECIPIENT on 8453, its deposit sent (mined in one block) and seen. */
  async function depositSeen() {
    const [user] = await origin.viem.getWalletClients();
    const quote = await post(service, "/quote/v2", {
      user: user!.account.address,
      originChainId: ORIGIN,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: ETH,
      destinationCurrency: ETH,
      recipient: EVM_RECIPIENT,
      tradeType: "EXACT_INPUT",
      amount: parseEther("1").toString(),
    });
    expect(quote.status, quote.raw).to.equal(200);
    const step = (
      quote.body as {
        steps: { requestId: string; items: { data: { to: Hex; data: Hex; value: string } }[] }[];
      }
    ).steps[0]!;
    const item = step.items[0]!.data;
    const hash = await user!.sendTransaction({ to: item.to, data: item.data, value: BigInt(item.value) });
    await pass();
    expect(await status(step.requestId)).to.deep.include({ status: "depositing", inTxHashes: [hash] });
    return { id: step.requestId, hash };
  }

  /** Drops every block mined since `snapshot` and proves the deposit is gone from the chain. */
  async function reorgOut(snapshot: string, hash: Hex) {
    expect(await origin.provider.request({ method: "evm_revert", params: [snapshot] })).to.equal(true);
    await mine(CONFIRMATIONS + 1);
    const client = await origin.viem.getPublicClient();
    let gone: unknown = null;
    await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      gone = error;
    });
    expect((gone as Error | null)?.name, "the deposit left the chain").to.equal(
      "TransactionReceiptNotFoundError",
    );
  }

  it("the deposit reorged out: depositing -> waiting, and no fill ever goes out for it", async () => {
    const destinationClient = await destination.viem.getPublicClient();
    const before = await destinationClient.getBalance({ address: EVM_RECIPIENT });
    const snapshot = (await origin.provider.request({ method: "evm_snapshot", params: [] })) as string;
    const { id, hash } = await depositSeen();
    await reorgOut(snapshot, hash);
    await pass();
    expect(await status(id)).to.deep.include({ status: "waiting", inTxHashes: [] });
    await mine(CONFIRMATIONS + 1);
    await pass();
    expect((await status(id)).status).to.equal("waiting");
    expect(await destinationClient.getBalance({ address: EVM_RECIPIENT })).to.equal(before);
  });

  it("no fast fill on a deposit that was reorged out: 409 ORIGIN_TX_NOT_SUBMITTED, no hold placed", async () => {
    const snapshot = (await origin.provider.request({ method: "evm_snapshot", params: [] })) as string;
    const { id, hash } = await depositSeen();
    await reorgOut(snapshot, hash);
    await pass();
    const res = await post(service, "/fast-fill", { requestId: id }, { "x-api-key": API_KEY });
    expect(res.status, res.raw).to.equal(409);
    expect((res.body as { errorCode: string }).errorCode).to.equal("ORIGIN_TX_NOT_SUBMITTED");
    expect(service.ledger.getHold(id)).to.equal(null);
  });

  it("the deposit reorged out, then sent again and final: filled exactly once", async () => {
    const [user] = await origin.viem.getWalletClients();
    const snapshot = (await origin.provider.request({ method: "evm_snapshot", params: [] })) as string;
    const { id, hash } = await depositSeen();
    const sent = await (await origin.viem.getPublicClient()).getTransaction({ hash });
    await reorgOut(snapshot, hash);
    await pass();
    expect((await status(id)).status).to.equal("waiting");
    const again = await user!.sendTransaction({ to: sent.to!, data: sent.input, value: sent.value });
    await mine(CONFIRMATIONS);
    await pass();
    const done = (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
      status: string;
      inTxHashes: string[];
      txHashes: string[];
    };
    expect(done).to.deep.include({ status: "success", inTxHashes: [again] });
    expect(done.txHashes).to.have.length(1);
  });
});
