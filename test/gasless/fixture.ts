import { type Address, getAddress, type Hex, keccak256, toHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  buildFundingAuthorization,
  buildMulticallAuthorization,
  type Call3Value,
  type FundingAuthorization,
  type GaslessExpectation,
  gaslessDepositCalls,
  type MulticallAuthorizationTypedData,
} from "../../src/gasless/index.ts";

const addressOf = (label: string): Address => getAddress(`0x${keccak256(toHex(label)).slice(-40)}`);

export const user = privateKeyToAccount(keccak256(toHex("gasless test user")));
export const stranger = privateKeyToAccount(keccak256(toHex("gasless test stranger")));
export const CHAIN_ID = 8453;
export const PROXY = addressOf("approval proxy");
export const RELAYER = addressOf("relayer");
export const TOKEN = addressOf("erc3009 token");
export const DEPOSITORY = addressOf("depository");
export const ORDER_ID: Hex = keccak256(toHex("order"));
export const NOW = 1_800_000_000;
export const AMOUNT = 1_000_000n;
export const TOKEN_DOMAIN = { name: "Test USD", version: "2" };

/** What the quote for a gasless deposit of `AMOUNT` says will run. */
export function expectation(): GaslessExpectation {
  return {
    chainId: CHAIN_ID,
    approvalProxy: PROXY,
    relayer: RELAYER,
    from: user.address,
    msgValue: 0n,
    refundTo: user.address,
    nftRecipient: zeroAddress,
    metadata: ORDER_ID,
    calls: gaslessDepositCalls({
      depository: DEPOSITORY,
      token: TOKEN,
      amount: AMOUNT,
      depositor: user.address,
      orderId: ORDER_ID,
    }),
    funding: [{ token: TOKEN, value: AMOUNT }],
  };
}

export function funding(overrides: Partial<FundingAuthorization> = {}): FundingAuthorization {
  return {
    token: TOKEN,
    from: user.address,
    value: AMOUNT,
    validAfter: BigInt(NOW - 60),
    validBefore: BigInt(NOW + 600),
    ...overrides,
  };
}

/** The authorisation the quote asks the user to sign. */
export function honestAuthorization(): MulticallAuthorizationTypedData {
  const expected = expectation();
  return buildMulticallAuthorization({
    chainId: CHAIN_ID,
    approvalProxy: PROXY,
    from: user.address,
    execution: {
      relayer: RELAYER,
      msgValue: 0n,
      refundTo: user.address,
      nftRecipient: zeroAddress,
      metadata: ORDER_ID,
      calls: expected.calls,
    },
    funding: [funding()],
  });
}

export const honestFunding = (multicall: MulticallAuthorizationTypedData) =>
  buildFundingAuthorization(multicall, TOKEN_DOMAIN);

/** A JSON round trip, as typed data travels in a quote step (bigints as decimal strings). */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
}

/** A message whose lists can be edited in place, for tampering. */
export type EditableMessage = Omit<MulticallAuthorizationTypedData["message"], "calls" | "funding"> & {
  calls: Call3Value[];
  funding: FundingAuthorization[];
};
