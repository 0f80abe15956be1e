/**
 * The EIP-712 vocabulary of the service's gasless approval proxy (router 3.1): its domain, the three
 * messages a user signs for a relayer to run their calls, and the ERC-3009 and Permit2 messages that
 * fund them. Type lists are field-for-field the contract's type strings; the order of fields is part of
 * every hash.
 */
import { type Address, getAddress } from "viem";

/** The approval proxy's EIP-712 domain name. */
export const APPROVAL_PROXY_DOMAIN_NAME = "RelayApprovalProxy";
/** The approval proxy's EIP-712 domain version (its `VERSION`). */
export const APPROVAL_PROXY_DOMAIN_VERSION = "3.1";
/** The canonical Permit2 deployment, the same address on every EVM chain. */
export const PERMIT2_ADDRESS: Address = getAddress("0x000000000022D473030F116dDEE9F6B43aC78BA3");

/** One call the proxy runs, Multicall3's `Call3Value` (field order as in its type string). */
export const CALL3VALUE_FIELDS = [
  { name: "target", type: "address" },
  { name: "allowFailure", type: "bool" },
  { name: "value", type: "uint256" },
  { name: "callData", type: "bytes" },
] as const;

const FUNDING_AUTHORIZATION_FIELDS = [
  { name: "token", type: "address" },
  { name: "from", type: "address" },
  { name: "value", type: "uint256" },
  { name: "validAfter", type: "uint256" },
  { name: "validBefore", type: "uint256" },
] as const;

/** `MulticallAuthorization` and the types it references. */
export const MULTICALL_AUTHORIZATION_TYPES = {
  MulticallAuthorization: [
    { name: "from", type: "address" },
    { name: "relayer", type: "address" },
    { name: "msgValue", type: "uint256" },
    { name: "refundTo", type: "address" },
    { name: "nftRecipient", type: "address" },
    { name: "metadata", type: "bytes" },
    { name: "fundingIndex", type: "uint256" },
    { name: "calls", type: "Call3Value[]" },
    { name: "funding", type: "FundingAuthorization[]" },
  ],
  Call3Value: CALL3VALUE_FIELDS,
  FundingAuthorization: FUNDING_AUTHORIZATION_FIELDS,
} as const;

/** ERC-3009 `ReceiveWithAuthorization`: only the payee (`to`) can redeem it. */
export const RECEIVE_WITH_AUTHORIZATION_TYPES = {
  ReceiveWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/** Permit2's batch witness transfer with the proxy's `RelayerWitness` as the witness. */
export const RELAYER_WITNESS_PERMIT_TYPES = {
  PermitBatchWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions[]" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "RelayerWitness" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
  RelayerWitness: [
    { name: "relayer", type: "address" },
    { name: "msgValue", type: "uint256" },
    { name: "refundTo", type: "address" },
    { name: "nftRecipient", type: "address" },
    { name: "metadata", type: "bytes" },
    { name: "call3Values", type: "Call3Value[]" },
  ],
  Call3Value: CALL3VALUE_FIELDS,
} as const;

/** The approval proxy's domain on `chainId` at `proxy`. */
export function approvalProxyDomain(chainId: number, proxy: Address) {
  return {
    name: APPROVAL_PROXY_DOMAIN_NAME,
    version: APPROVAL_PROXY_DOMAIN_VERSION,
    chainId,
    verifyingContract: getAddress(proxy),
  } as const;
}

/** Permit2's domain (name only, no version) on `chainId`. */
export function permit2Domain(chainId: number, permit2: Address = PERMIT2_ADDRESS) {
  return { name: "Permit2", chainId, verifyingContract: getAddress(permit2) } as const;
}
