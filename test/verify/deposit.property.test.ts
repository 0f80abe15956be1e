/**
 * `evmDeposits`, the deposit `attestkit verify` measures: over generated receipts, only the chain's
 * depository's own events count (a lookalike contract emitting the same event counts for nothing),
 * each under the order id it names, native deposits at the value the depository reports and ERC-20
 * deposits at most what the token's `Transfer` logs moved into the depository.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type PublicClient,
  padHex,
  parseAbi,
  zeroAddress,
} from "viem";
import { RELAY_DEPOSITORY_ABI } from "../../src/orders/index.ts";
import { evmDeposits } from "../../src/verify/deposit.ts";

const DEPOSITORY: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc31";
const LOOKALIKE: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc32";
const TOKEN: Address = "0x00000000000000000000000000000000000000aa";
const PAYER: Address = "0x00000000000000000000000000000000000000bb";
const ORDER_ID: Hex = padHex("0x01", { size: 32 });
const OTHER_ID: Hex = padHex("0x02", { size: 32 });
const TRANSFER = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

type Log = { address: Address; topics: Hex[]; data: Hex };

const nativeEvent = (emitter: Address, amount: bigint, id: Hex): Log => ({
  address: emitter,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayNativeDeposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [PAYER, amount, id],
  ),
});
const erc20Event = (amount: bigint, id: Hex): Log => ({
  address: DEPOSITORY,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayErc20Deposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [PAYER, TOKEN, amount, id],
  ),
});
const transferIn = (value: bigint): Log => ({
  address: TOKEN,
  topics: encodeEventTopics({
    abi: TRANSFER,
    eventName: "Transfer",
    args: { from: PAYER, to: DEPOSITORY },
  }) as Hex[],
  data: encodeAbiParameters([{ type: "uint256" }], [value]),
});

/** A client whose one receipt holds `logs`, in order. */
function clientWith(logs: readonly Log[], status: "success" | "reverted" = "success"): PublicClient {
  const receipt = {
    status,
    from: PAYER,
    blockNumber: 7n,
    logs: logs.map((log, logIndex) => ({
      ...log,
      logIndex,
      blockNumber: 7n,
      blockHash: padHex("0x07", { size: 32 }),
      transactionHash: padHex("0x99", { size: 32 }),
      transactionIndex: 0,
      removed: false,
    })),
  };
  return { getTransactionReceipt: async () => receipt } as unknown as PublicClient;
}

const HASH = padHex("0x99", { size: 32 });
const NATIVE = padHex(zeroAddress, { size: 20 });
const underId = (deposits: Awaited<ReturnType<typeof evmDeposits>>, currency: Hex) =>
  deposits
    .filter((deposit) => deposit.orderId === ORDER_ID && deposit.currency === currency)
    .reduce((sum, deposit) => sum + deposit.amount, 0n);

describe("verify: the deposit measured from the depository's own events", () => {
  it("property: native deposits count only from the depository, under the id each names", async () => {
    const entry = fc.record({
      emitter: fc.constantFrom(DEPOSITORY, LOOKALIKE),
      id: fc.constantFrom(ORDER_ID, OTHER_ID),
      amount: fc.bigInt({ min: 0n, max: 10n ** 24n }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 6 }), async (entries) => {
        const logs = entries.map((e) => nativeEvent(e.emitter, e.amount, e.id));
        const deposits = await evmDeposits(clientWith(logs), HASH, DEPOSITORY);
        const expected = entries
          .filter((e) => e.emitter === DEPOSITORY && e.id === ORDER_ID)
          .reduce((sum, e) => sum + e.amount, 0n);
        expect(underId(deposits, NATIVE)).to.equal(expected);
        expect(deposits.some((deposit) => deposit.orderId === ORDER_ID)).to.equal(
          entries.some((e) => e.emitter === DEPOSITORY && e.id === ORDER_ID),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("property: an ERC-20 deposit is worth at most what the token's Transfer logs moved into the depository", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        async (announced, moved) => {
          const logs =
            moved === 0n
              ? [erc20Event(announced, ORDER_ID)]
              : [transferIn(moved), erc20Event(announced, ORDER_ID)];
          const deposits = await evmDeposits(clientWith(logs), HASH, DEPOSITORY);
          const token = padHex(TOKEN, { size: 20 });
          // What moved in, less any excess beyond the announced amount (credited to nobody).
          const excess = moved > announced ? moved - announced : 0n;
          const credited = moved - excess;
          expect(underId(deposits, token)).to.equal(credited);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a reverted transaction deposits nothing, whatever its logs say", async () => {
    const logs = [nativeEvent(DEPOSITORY, 5n, ORDER_ID)];
    expect(await evmDeposits(clientWith(logs, "reverted"), HASH, DEPOSITORY)).to.deep.equal([]);
    expect(underId(await evmDeposits(clientWith(logs), HASH, DEPOSITORY), NATIVE)).to.equal(5n);
  });
});
