/**
 * The transaction a relayer sends to the approval proxy once the user signed: the ERC-3009
 * authorisations, the calls and the user's `MulticallAuthorization` signatures, in the proxy's
 * `permit3009TransferAndMulticall` layout. Its native value must be exactly the signed `msgValue`.
 */
import { encodeFunctionData, type Hex, parseAbi, parseSignature } from "viem";
import type { MulticallAuthorizationTypedData } from "./multicall-authorization.ts";

/** The approval proxy's gasless entry point. */
export const APPROVAL_PROXY_ABI = parseAbi([
  "struct Permit3009 { address from; uint256 value; uint256 validAfter; uint256 validBefore; uint8 v; bytes32 r; bytes32 s; }",
  "struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function permit3009TransferAndMulticall(Permit3009[] permits, address[] tokens, Call3Value[] calls, address refundTo, address nftRecipient, bytes metadata, bytes[] multicallSignatures) payable returns (Result[] results)",
]);

/**
 * The relayer's call for one signed authorisation set: `multicall` is any of the user's
 * `MulticallAuthorization`s (they differ only in `fundingIndex`); `signatures[i]` are the user's
 * signatures over the `i`-th funding entry's `MulticallAuthorization` and its ERC-3009 authorisation.
 */
export function encodeApprovalProxyCall(
  multicall: MulticallAuthorizationTypedData,
  signatures: readonly { multicall: Hex; funding: Hex }[],
): { to: Hex; data: Hex; value: bigint } {
  const { message } = multicall;
  if (signatures.length !== message.funding.length) {
    throw new RangeError(
      `${message.funding.length} funding entries need as many signature pairs, got ${signatures.length}`,
    );
  }
  const permits = message.funding.map((entry, i) => {
    const { r, s, v, yParity } = parseSignature((signatures[i] as { funding: Hex }).funding);
    return {
      from: entry.from,
      value: entry.value,
      validAfter: entry.validAfter,
      validBefore: entry.validBefore,
      v: Number(v ?? BigInt(yParity + 27)),
      r,
      s,
    };
  });
  return {
    to: multicall.domain.verifyingContract,
    value: message.msgValue,
    data: encodeFunctionData({
      abi: APPROVAL_PROXY_ABI,
      functionName: "permit3009TransferAndMulticall",
      args: [
        permits,
        message.funding.map((entry) => entry.token),
        [...message.calls],
        message.refundTo,
        message.nftRecipient,
        message.metadata,
        signatures.map((pair) => pair.multicall),
      ],
    }),
  };
}
