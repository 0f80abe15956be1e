/**
 * The EVM receiver client without a chain: invalidation calldata and the emitter check of
 * `decodeEvmReceiverDeposit`, by example and by property.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  getAddress,
  type Hex,
  toEventSelector,
} from "viem";
import { InvalidRequestIdError } from "../../src/errors.ts";
import {
  attestedReceiverAbi,
  decodeEvmReceiverDeposit,
  encodeEvmReceiverInvalidation,
} from "../../src/receiver/index.ts";

const RECEIVER: Address = "0x00000000000000000000000000000000000000aA";
const ID: Hex = `0x${"ab".repeat(32)}`;
const DEPOSIT_ACCEPTED = toEventSelector(
  "DepositAccepted(bytes32,address,address,uint256,uint256,uint256,bytes32,address)",
);
const word = (address: Address): Hex => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

/** A DepositAccepted log of `amount` as emitted by `address`. */
function depositLog(address: Address, amount: bigint) {
  return {
    address,
    topics: [
      DEPOSIT_ACCEPTED,
      ID,
      word("0x00000000000000000000000000000000000000b1"),
      word(`0x${"0".repeat(40)}`),
    ] as [Hex, ...Hex[]],
    data: encodeAbiParameters(
      [
        { type: "uint256" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "bytes32" },
        { type: "address" },
      ],
      [31337n, amount, 8453n, ID, "0x00000000000000000000000000000000000000c1"],
    ),
  };
}

describe("EVM receiver client", () => {
  it("invalidation calldata carries the ids, lower-cased, in order", () => {
    const other: Hex = `0x${"CD".repeat(32)}`;
    const call = decodeFunctionData({
      abi: attestedReceiverAbi,
      data: encodeEvmReceiverInvalidation([ID, other]),
    });
    expect(call.functionName).to.equal("invalidateRequests");
    expect(call.args).to.deep.equal([[ID, other.toLowerCase()]]);
  });

  it("a malformed request id is refused with InvalidRequestIdError", () => {
    for (const bad of ["0x1234", `${ID}00`, ID.slice(2), `0x${"zz".repeat(32)}`]) {
      expect(() => encodeEvmReceiverInvalidation([ID, bad])).to.throw(InvalidRequestIdError);
    }
  });

  it("a DepositAccepted log is decoded only when its emitter is one of the receivers (any case)", () => {
    const log = depositLog(RECEIVER, 5n);
    expect(decodeEvmReceiverDeposit(log, [RECEIVER.toLowerCase() as Address])?.amount).to.equal(5n);
    expect(decodeEvmReceiverDeposit(log, [getAddress(RECEIVER)])?.requestId).to.equal(ID);
    expect(decodeEvmReceiverDeposit(log, [])).to.equal(null);
  });

  it("property: a log from any address outside the receiver list is refused", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }),
        (bytes, amount) => {
          const emitter = `0x${Buffer.from(bytes).toString("hex")}` as Address;
          fc.pre(emitter.toLowerCase() !== RECEIVER.toLowerCase());
          const log = depositLog(emitter, amount);
          expect(decodeEvmReceiverDeposit(log, [RECEIVER])).to.equal(null);
          expect(decodeEvmReceiverDeposit(log, [RECEIVER, emitter])?.amount).to.equal(amount);
        },
      ),
    );
  });
});
