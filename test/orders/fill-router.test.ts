import { expect } from "chai";
import fc from "fast-check";
import { encodeAbiParameters, getAddress, toHex } from "viem";
import {
  decodeFillContractExtraData,
  decodeOrderCall,
  encodeFillContractExtraData,
  encodeOrderCall,
} from "../../src/index.ts";

const ROUTER = getAddress("0x0729e2a4716d9f7dd17858d5d504426d228697f7");
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes)));

describe("orders: the fill contract in extraData and the order's user calls", () => {
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
