import { readFileSync } from "node:fs";
import { expect } from "chai";
import fc from "fast-check";
import sha3 from "js-sha3";
import { getAddress, type Hex } from "viem";
import {
  evmDepositAddressInitCode,
  evmDepositAddressSalt,
  predictDepositAddress,
} from "../../src/orders/deposit-address/index.ts";

const vectors = JSON.parse(
  readFileSync(new URL("../vectors/deposit-addresses.json", import.meta.url), "utf8"),
) as {
  evm: {
    name: string;
    factory: string;
    implementation: string;
    orderId: Hex;
    depositor: string;
    salt: Hex;
    initCodeHash: Hex;
    address: string;
  }[];
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const unhex = (value: string) => Uint8Array.from(Buffer.from(value.replace(/^0x/, ""), "hex"));
const keccak = (bytes: Uint8Array) => Uint8Array.from(sha3.keccak256.array(bytes));

/**
 * The minimal proxy's creation code, assembled here from its opcodes (0age's EIP-1167 variant, as
 * Solady's `LibClone` deploys it): a constructor copying 0x2c bytes of runtime from offset 9, then
 * the runtime that copies calldata, delegate-calls `implementation` and returns or reverts its data.
 */
function assembleCloneInitCode(implementation: Uint8Array): Uint8Array {
  const PUSH1 = 0x60;
  const RETURNDATASIZE = 0x3d;
  const [DUP2, CODECOPY, RETURN, CALLDATASIZE, CALLDATACOPY, PUSH20, GAS, DELEGATECALL] = [
    0x81, 0x39, 0xf3, 0x36, 0x37, 0x73, 0x5a, 0xf4,
  ];
  const [SWAP4, DUP1, RETURNDATACOPY, JUMPI, REVERT, JUMPDEST] = [0x93, 0x80, 0x3e, 0x57, 0xfd, 0x5b];
  const runtime = [
    ...[RETURNDATASIZE, RETURNDATASIZE, RETURNDATASIZE, RETURNDATASIZE],
    ...[CALLDATASIZE, RETURNDATASIZE, RETURNDATASIZE, CALLDATACOPY],
    ...[CALLDATASIZE, RETURNDATASIZE, PUSH20, ...implementation, GAS, DELEGATECALL],
    ...[RETURNDATASIZE, RETURNDATASIZE, SWAP4, DUP1, RETURNDATACOPY],
    ...[PUSH1, 0x2a, JUMPI, REVERT, JUMPDEST, RETURN],
  ];
  const creation = [PUSH1, runtime.length, RETURNDATASIZE, DUP2, PUSH1, 9, RETURNDATASIZE, CODECOPY, RETURN];
  return Uint8Array.from([...creation, ...runtime]);
}

/** EIP-1014: keccak256(0xff ++ deployer ++ salt ++ keccak256(initCode))[12:], salt = keccak256(orderId ++ depositor). */
function create2ByTheFormula(
  factory: Uint8Array,
  implementation: Uint8Array,
  orderId: Uint8Array,
  depositor: Uint8Array,
) {
  const salt = keccak(Uint8Array.from([...orderId, ...depositor]));
  const preimage = Uint8Array.from([
    0xff,
    ...factory,
    ...salt,
    ...keccak(assembleCloneInitCode(implementation)),
  ]);
  return getAddress(`0x${hex(keccak(preimage).slice(12))}`);
}

describe("deposit addresses: predictDepositAddress (EVM)", () => {
  it("reproduces every shared vector, with its salt and init code hash", () => {
    expect(vectors.evm.length).to.be.greaterThanOrEqual(16);
    for (const v of vectors.evm) {
      expect(predictDepositAddress({ vm: "evm", ...v }), v.name).to.equal(v.address);
      expect(evmDepositAddressSalt(v.orderId, v.depositor), v.name).to.equal(v.salt);
      expect(`0x${hex(keccak(unhex(evmDepositAddressInitCode(v.implementation))))}`, v.name).to.equal(
        v.initCodeHash,
      );
    }
  });

  it("the init code is the 53-byte clone, not OpenZeppelin Clones' 55-byte EIP-1167 code", () => {
    const code = evmDepositAddressInitCode("0x1111111111111111111111111111111111111111");
    expect((code.length - 2) / 2).to.equal(53);
    expect(code.startsWith("0x3d602d80600a3d3981f3")).to.equal(false);
  });

  it("property: equals the CREATE2 formula over the opcode-assembled clone, for any inputs", () => {
    const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
    fc.assert(
      fc.property(
        bytes(20),
        bytes(20),
        bytes(32),
        bytes(20),
        (factory, implementation, orderId, depositor) => {
          const predicted = predictDepositAddress({
            vm: "evm",
            factory: `0x${hex(factory)}`,
            implementation: `0x${hex(implementation)}`,
            orderId: `0x${hex(orderId)}`,
            depositor: `0x${hex(depositor)}`,
          });
          expect(predicted).to.equal(create2ByTheFormula(factory, implementation, orderId, depositor));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: another order id or another depositor gives another address", () => {
    const v = vectors.evm[0]!;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (orderId) => {
        const other = `0x${hex(orderId)}` as Hex;
        fc.pre(other !== v.orderId);
        expect(predictDepositAddress({ vm: "evm", ...v, orderId: other })).to.not.equal(v.address);
      }),
      { numRuns: 100 },
    );
    expect(vectors.evm[1]!.orderId).to.equal(v.orderId);
    expect(vectors.evm[1]!.address).to.not.equal(v.address);
  });

  it("refuses bad input with typed errors", () => {
    const v = vectors.evm[0]!;
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return "no error";
    };
    expect(codeOf(() => predictDepositAddress({ ...v, vm: "tvm" } as never))).to.equal(
      "INVALID_DEPOSIT_ADDRESS_PARAMS",
    );
    expect(codeOf(() => predictDepositAddress({ vm: "evm", ...v, orderId: "0x12" }))).to.equal(
      "INVALID_ORDER_ID",
    );
    expect(codeOf(() => predictDepositAddress({ vm: "evm", ...v, depositor: "0xnope" }))).to.equal(
      "INVALID_ADDRESS",
    );
    expect(
      codeOf(() =>
        predictDepositAddress({ vm: "evm", ...v, factory: "So11111111111111111111111111111111111111112" }),
      ),
    ).to.equal("ADDRESS_VM_MISMATCH");
  });
});
