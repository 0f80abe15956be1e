import { expect } from "chai";
import fc from "fast-check";
import { encodeAbiParameters, getAddress, parseAbi, toHex } from "viem";
import {
  decodeFillContractExtraData,
  decodeOrderCall,
  encodeFillContractExtraData,
  encodeOrderCall,
  FILL_ROUTER_ABI,
  LEG_EVENTS_ABI,
  SOLVER_CALL_EXECUTED_V3_1_ABI,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
} from "../../src/index.ts";

const ROUTER = getAddress("0x0729e2a4716d9f7dd17858d5d504426d228697f7");
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes)));

describe("orders: the fill contract in extraData and the order's user calls", () => {
  it("the JSON ABIs are the router's and the leg's human-readable events and entry point, item for item", () => {
    expect(FILL_ROUTER_ABI).to.deep.equal(
      parseAbi([
        "struct NativePayment { address to; uint256 amount; }",
        "struct Call { address to; bytes data; uint256 value; }",
        "function fill(NativePayment[] payments, Call[] calls) payable",
        "event SolverNativeTransfer(address to, uint256 amount)",
      ]),
    );
    expect(SOLVER_CALL_EXECUTED_V3_1_ABI).to.deep.equal(
      parseAbi(["event SolverCallExecuted(address to, bytes data, uint256 amount)"]),
    );
    expect(SOLVER_CALL_EXECUTED_V3_2_ABI).to.deep.equal(
      parseAbi(["event SolverCallExecuted(address to, bytes32 dataHash, uint256 amount)"]),
    );
    expect(LEG_EVENTS_ABI).to.deep.equal(
      parseAbi([
        "event Transfer(address indexed from, address indexed to, uint256 amount)",
        "event SolverNativeTransfer(address to, uint256 amount)",
        "event SolverCallExecuted(address to, bytes data, uint256 amount)",
      ]),
    );
  });

  it("extraData is abi.encode(address): one word, the address right-aligned", () => {
    const extraData = encodeFillContractExtraData(ROUTER.toLowerCase());
    expect(extraData).to.equal(`0x${"0".repeat(24)}${ROUTER.slice(2).toLowerCase()}`);
    expect(decodeFillContractExtraData(extraData)).to.equal(ROUTER);
  });

  it("extraData that names no contract decodes to null: empty, two words, dirty upper bytes, not hex", () => {
    const word = encodeFillContractExtraData(ROUTER);
    for (const bad of ["0x", `${word}${word.slice(2)}`, `0x01${word.slice(4)}`, "0xzz", word.slice(0, 64)]) {
      expect(decodeFillContractExtraData(bad), bad).to.equal(null);
    }
  });

  it("property: extraData round-trips every address", () => {
    fc.assert(
      fc.property(address, (a) => {
        expect(decodeFillContractExtraData(encodeFillContractExtraData(a))).to.equal(a);
      }),
    );
  });

  it("property: a call is abi.encode(address to, bytes data, uint256 value) and round-trips", () => {
    fc.assert(
      fc.property(
        address,
        fc.uint8Array({ maxLength: 100 }),
        fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
        (to, bytes, value) => {
          const call = { to, data: toHex(bytes), value };
          const encoded = encodeOrderCall(call);
          expect(encoded).to.equal(
            encodeAbiParameters(
              [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
              [to, call.data, value],
            ),
          );
          expect(decodeOrderCall(encoded)).to.deep.equal(call);
        },
      ),
    );
  });
});
