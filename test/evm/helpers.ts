// Shared fixtures for the EVM receiver tests and the gas benchmark.
import type { Address, Hex, LocalAccount } from "viem";
import { keccak256, maxUint256, parseEther, stringToHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type RequestData, signRequestData, toBytes32Address, toRequestDataWords } from "../../src/index.ts";

/** Fixed solver keys: the tests sign attestations as the service's solver would. */
export const SOLVER_KEY: Hex = keccak256(stringToHex("attestkit solver 1"));
export const SOLVER2_KEY: Hex = keccak256(stringToHex("attestkit solver 2"));
export const STRANGER_KEY: Hex = keccak256(stringToHex("attestkit not the solver"));
export const solverAccount = privateKeyToAccount(SOLVER_KEY);
export const solver2Account = privateKeyToAccount(SOLVER2_KEY);
export const strangerAccount = privateKeyToAccount(STRANGER_KEY);

export const DEST_CHAIN_ID = 8453;
export const DEST_USER: Address = "0x00000000000000000000000000000000000000d5";
export const MAX_WINDOW = 3600;

/** The receiver's `RequestData` struct argument. */
export type RequestStruct = {
  requestId: Hex;
  originChainId: bigint;
  originUser: Hex;
  originCurrency: Hex;
  originAmount: bigint;
  destinationChainId: bigint;
  destinationUser: Hex;
};

/** The struct the receiver takes, built from the API shape by the shared TS library. */
export function toStruct(requestId: string, requestData: RequestData): RequestStruct {
  const w = toRequestDataWords(requestId, requestData);
  return {
    requestId: w[0],
    originChainId: w[1],
    originUser: w[2],
    originCurrency: w[3],
    originAmount: w[4],
    destinationChainId: w[5],
    destinationUser: w[6],
  };
}

let counter = 0;
/** A fresh, deterministic request id. */
export function nextRequestId(label = "req"): Hex {
  counter += 1;
  return keccak256(stringToHex(`attestkit ${label} ${counter}`));
}

export type QuoteInput = {
  chainId: number;
  payer: Address;
  currency?: Address;
  amount?: bigint;
  destinationChainId?: number;
  destinationUser?: string;
  requestId?: Hex;
  signer?: LocalAccount;
};

export type Quote = { requestId: Hex; requestData: RequestData; struct: RequestStruct; signature: Hex };

/** What the service's signature endpoint would return, signed with the shared TS library. */
export async function quote(input: QuoteInput): Promise<Quote> {
  const requestId = input.requestId ?? nextRequestId();
  const requestData: RequestData = {
    originChainId: input.chainId,
    originUser: input.payer,
    originCurrency: input.currency ?? zeroAddress,
    originAmount: (input.amount ?? parseEther("1")).toString(),
    destinationChainId: input.destinationChainId ?? DEST_CHAIN_ID,
    destinationUser: input.destinationUser ?? DEST_USER,
  };
  const signature = await signRequestData(input.signer ?? solverAccount, requestId, requestData);
  return { requestId, requestData, struct: toStruct(requestId, requestData), signature };
}

export function destination(chainId: number, user: string) {
  return { chainId: BigInt(chainId), user: toBytes32Address(user, chainId) };
}

export const MAX_ALLOWANCE = maxUint256;
