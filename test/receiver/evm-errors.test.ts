/**
 * `decodeEvmReceiverError` names the bare revert bytes a node returns for raw calldata, through the
 * cause chain viem builds around the JSON-RPC error, by example and by property.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  BaseError,
  EstimateGasExecutionError,
  encodeErrorResult,
  type Hex,
  RpcRequestError,
  toFunctionSelector,
} from "viem";
import { attestedReceiverAbi, decodeEvmReceiverError } from "../../src/receiver/index.ts";

const ID: Hex = `0x${"ab".repeat(32)}`;

/** The chain viem throws from `sendTransaction` when gas estimation reverts with `data`. */
function viemRevert(data: Hex): Error {
  const rpc = new RpcRequestError({
    body: { method: "eth_estimateGas" },
    error: { code: 3, message: "execution reverted", data },
    url: "http://127.0.0.1:8545",
  });
  return new EstimateGasExecutionError(new BaseError("execution reverted", { cause: rpc }), {});
}

describe("decodeEvmReceiverError", () => {
  it("names paying twice: RequestAlreadyAccepted(requestId) from 0xc85a0837…", () => {
    const data = encodeErrorResult({
      abi: attestedReceiverAbi,
      errorName: "RequestAlreadyAccepted",
      args: [ID],
    });
    expect(data.slice(0, 10)).to.equal("0xc85a0837");
    expect(decodeEvmReceiverError(viemRevert(data))).to.deep.equal({
      errorName: "RequestAlreadyAccepted",
      args: [ID],
    });
  });

  it("names the errors of the RequestAttestation library the receiver reverts with", () => {
    const data = encodeErrorResult({
      abi: attestedReceiverAbi,
      errorName: "InvalidSignatureLength",
      args: [64n],
    });
    expect(decodeEvmReceiverError(viemRevert(data))).to.deep.equal({
      errorName: "InvalidSignatureLength",
      args: [64n],
    });
  });

  it("every error of the ABI round-trips through a viem error chain", () => {
    const errors = attestedReceiverAbi.flatMap((item) =>
      item.type === "error" && item.inputs.length === 0 ? [item] : [],
    );
    expect(errors.length).to.be.greaterThan(5);
    for (const item of errors) {
      const data = encodeErrorResult({ abi: [item], errorName: item.name });
      expect(decodeEvmReceiverError(viemRevert(data))?.errorName).to.equal(item.name);
    }
  });

  it("returns null for errors without revert data and for selectors the receiver does not have", () => {
    expect(decodeEvmReceiverError(new Error("network down"))).to.equal(null);
    expect(decodeEvmReceiverError(undefined)).to.equal(null);
    expect(decodeEvmReceiverError(viemRevert(toFunctionSelector("Unrelated(uint256)")))).to.equal(null);
  });

  it("property: arbitrary revert bytes never throw, and decode only to an error of the ABI", () => {
    const names = new Set<string>(
      attestedReceiverAbi.flatMap((item) => (item.type === "error" ? [item.name] : [])),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 100 }), (bytes) => {
        const data = `0x${Buffer.from(bytes).toString("hex")}` as Hex;
        const decoded = decodeEvmReceiverError(viemRevert(data));
        expect(decoded === null || names.has(decoded.errorName)).to.equal(true);
      }),
    );
  });

  it("the cause walk is bounded: a cyclic cause chain returns null", () => {
    const cyclic = new Error("a") as Error & { cause?: unknown };
    cyclic.cause = cyclic;
    expect(decodeEvmReceiverError(cyclic)).to.equal(null);
  });
});
