import { expect } from "chai";
import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  keccak256,
  pad,
  parseAbi,
  stringToHex,
  zeroAddress,
} from "viem";
import { predictDepositAddress, verifyDepositAddressSweep } from "../../src/orders/deposit-address/index.ts";
import { type EvmLegEvidence, RELAY_DEPOSITORY_ABI } from "../../src/orders/index.ts";

const FACTORY = "0x1111111111111111111111111111111111111111" as Address;
const IMPLEMENTATION = "0x2222222222222222222222222222222222222222" as Address;
const DEPOSITORY = "0x4cd00e387622c35bddb9b4c962c136462338bc31" as Address;
const USDC = "0x3333333333333333333333333333333333333333" as Address;
const ALICE = "0xa11ce00000000000000000000000000000000001" as Address;
const MALLORY = "0xbad0000000000000000000000000000000000bad" as Address;
const ORDER = keccak256(stringToHex("order"));
const OTHER_ORDER = keccak256(stringToHex("other order"));
const ADDRESS = predictDepositAddress({
  vm: "evm",
  factory: FACTORY,
  implementation: IMPLEMENTATION,
  orderId: ORDER,
  depositor: ALICE,
}) as Address;

const TRANSFER = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);
const transferLog = (token: Address, from: Address, to: Address, value: bigint) => ({
  address: token,
  topics: encodeEventTopics({ abi: TRANSFER, eventName: "Transfer", args: { from, to } }) as Hex[],
  data: encodeAbiParameters([{ type: "uint256" }], [value]),
});
const nativeDepositLog = (depositor: Address, amount: bigint, id: Hex) => ({
  address: DEPOSITORY,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayNativeDeposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [depositor, amount, id],
  ),
});
const erc20DepositLog = (depositor: Address, token: Address, amount: bigint, id: Hex) => ({
  address: DEPOSITORY,
  topics: encodeEventTopics({ abi: RELAY_DEPOSITORY_ABI, eventName: "RelayErc20Deposit" }) as Hex[],
  data: encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "uint256" }, { type: "bytes32" }],
    [depositor, token, amount, id],
  ),
});

let nonce = 0;
function tx(
  parts: {
    to?: Address;
    value?: bigint;
    block?: bigint;
    status?: "success" | "reverted";
    logs?: EvmLegEvidence["receipt"]["logs"];
    internal?: EvmLegEvidence["internalTransfers"];
  } = {},
): EvmLegEvidence {
  return {
    vm: "ethereum-vm",
    transaction: {
      hash: pad(`0x${(++nonce).toString(16)}`, { size: 32 }),
      to: parts.to ?? FACTORY,
      input: "0x",
      value: parts.value ?? 0n,
    },
    receipt: { status: parts.status ?? "success", blockNumber: parts.block ?? 10n, logs: parts.logs ?? [] },
    blockTimestamp: 1,
    ...(parts.internal === undefined ? {} : { internalTransfers: parts.internal }),
  };
}

const base = {
  factory: FACTORY,
  implementation: IMPLEMENTATION,
  orderId: ORDER,
  depositor: ALICE,
  depository: DEPOSITORY,
};
const nativeSweep = (amount: bigint, extra: Parameters<typeof tx>[0] = {}) =>
  tx({
    logs: [nativeDepositLog(ALICE, amount, ORDER)],
    internal: [{ from: ADDRESS.toLowerCase(), to: DEPOSITORY, value: amount }],
    ...extra,
  });
const codes = (result: { failures: { code: string }[] }) => result.failures.map((f) => f.code);

describe("deposit addresses: verifyDepositAddressSweep (EVM, held evidence)", () => {
  it("a native payment swept into the depository under the order for the depositor passes", async () => {
    const result = await verifyDepositAddressSweep({
      ...base,
      currency: zeroAddress,
      payment: tx({ to: ADDRESS, value: 100n, block: 9n }),
      sweep: nativeSweep(100n),
      minimumAmount: 100n,
    });
    expect(result.failures).to.deep.equal([]);
    expect(result).to.include({ ok: true, address: ADDRESS, deposited: 100n, paid: 100n });
  });

  it("an ERC-20 sweep is measured by the token's Transfer from the address, not the event's amount", async () => {
    const sweep = tx({
      logs: [transferLog(USDC, ADDRESS, DEPOSITORY, 40n), erc20DepositLog(ALICE, USDC, 50n, ORDER)],
    });
    const payment = tx({ to: USDC, block: 9n, logs: [transferLog(USDC, ALICE, ADDRESS, 50n)] });
    const result = await verifyDepositAddressSweep({ ...base, currency: USDC, payment, sweep });
    expect(codes(result)).to.deep.equal(["DEPOSIT_BELOW_PAYMENT"]);
    expect(result).to.include({ deposited: 40n, paid: 50n });
  });

  it("a payment to another address is DEPOSIT_ADDRESS_MISMATCH", async () => {
    const result = await verifyDepositAddressSweep({
      ...base,
      currency: zeroAddress,
      payment: tx({ to: MALLORY, value: 100n, block: 9n }),
      sweep: nativeSweep(100n),
    });
    expect(codes(result)).to.deep.equal(["DEPOSIT_ADDRESS_MISMATCH"]);
    expect(result.failures[0]).to.include({ expected: ADDRESS, actual: MALLORY });
  });

  it("attack: a deposit under the order crediting someone else is DEPOSITOR_MISMATCH", async () => {
    const sweep = tx({
      logs: [nativeDepositLog(MALLORY, 100n, ORDER)],
      internal: [{ from: ADDRESS.toLowerCase(), to: DEPOSITORY, value: 100n }],
    });
    const result = await verifyDepositAddressSweep({ ...base, currency: zeroAddress, sweep });
    expect(codes(result)).to.deep.equal(["DEPOSITOR_MISMATCH"]);
  });

  it("a sweep under another order id is NO_DEPOSIT_UNDER_ORDER", async () => {
    const sweep = tx({ logs: [nativeDepositLog(ALICE, 100n, OTHER_ORDER)] });
    const result = await verifyDepositAddressSweep({ ...base, currency: zeroAddress, sweep });
    expect(codes(result)).to.deep.equal(["NO_DEPOSIT_UNDER_ORDER"]);
  });

  it("attack: someone else's direct deposit under the order is not the address's: DEPOSIT_NOT_FROM_ADDRESS", async () => {
    const sweep = tx({
      to: DEPOSITORY,
      logs: [nativeDepositLog(ALICE, 100n, ORDER)],
      internal: [],
    });
    const result = await verifyDepositAddressSweep({ ...base, currency: zeroAddress, sweep });
    expect(codes(result)).to.deep.equal(["DEPOSIT_NOT_FROM_ADDRESS"]);
  });

  it("a native sweep without a call trace is DEPOSIT_SOURCE_UNKNOWN, never assumed", async () => {
    const sweep = tx({ logs: [nativeDepositLog(ALICE, 100n, ORDER)] });
    const result = await verifyDepositAddressSweep({ ...base, currency: zeroAddress, sweep });
    expect(codes(result)).to.deep.equal(["DEPOSIT_SOURCE_UNKNOWN"]);
  });

  it("a sweep before the payment, a reverted sweep, a short one, another currency", async () => {
    const late = await verifyDepositAddressSweep({
      ...base,
      currency: zeroAddress,
      payment: tx({ to: ADDRESS, value: 100n, block: 11n }),
      sweep: nativeSweep(100n),
    });
    expect(codes(late)).to.deep.equal(["SWEEP_BEFORE_PAYMENT"]);
    const reverted = await verifyDepositAddressSweep({
      ...base,
      currency: zeroAddress,
      sweep: nativeSweep(100n, { status: "reverted" }),
    });
    expect(codes(reverted)).to.deep.equal(["TX_FAILED"]);
    const short = await verifyDepositAddressSweep({
      ...base,
      currency: zeroAddress,
      sweep: nativeSweep(99n),
      minimumAmount: "100",
    });
    expect(codes(short)).to.deep.equal(["DEPOSIT_BELOW_MINIMUM"]);
    const otherCurrency = await verifyDepositAddressSweep({
      ...base,
      currency: USDC,
      payment: tx({ to: ADDRESS, value: 100n, block: 9n }),
      sweep: nativeSweep(100n),
    });
    expect(codes(otherCurrency)).to.deep.equal([
      "PAYMENT_CURRENCY_MISMATCH",
      "DEPOSIT_CURRENCY_MISMATCH",
      "DEPOSIT_NOT_FROM_ADDRESS",
    ]);
  });

  it("refuses malformed parameters with typed errors", async () => {
    const error = await verifyDepositAddressSweep({
      ...base,
      orderId: "0x1234" as Hex,
      currency: zeroAddress,
      sweep: nativeSweep(1n),
    }).then(
      () => null,
      (e: { code?: string }) => e,
    );
    expect(error?.code).to.equal("INVALID_ORDER_ID");
  });
});
