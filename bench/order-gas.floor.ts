// The gas floor of EIP-712 order hashing: what the encoding unavoidably costs, opcode by opcode.
// - keccak256 of every struct encoding, dynamic member and array of member hashes (30 + 6 per word);
// - the MSTOREs that place the words to hash (3 each);
// - reading the order where it lies: every member word, offset or pointer and every length is one
//   CALLDATALOAD or MLOAD (3); in calldata, every bytes / string member is also CALLDATACOPYed to memory,
//   since keccak256 hashes memory only (3 + 3 per word);
// - the memory the largest single keccak input occupies (3 per word; no hasher can use less).
// Stack shuffling, jumps and address arithmetic (PUSH / DUP / SWAP / JUMP / ADD) are what the measured
// figure is compared against: they are the hasher's overhead, not part of the floor. `operandBound` prices
// the part of that overhead no hasher avoids, so that floor + bound is what a hasher can reach at best.
import { type Hex, hexToBytes, stringToBytes } from "viem";
import type { EncodedOrder, EncodedOrderV2 } from "../src/orders/index.ts";

const KECCAK_BASE = 30;
const KECCAK_WORD = 6;
const VERY_LOW = 3; // MLOAD, MSTORE, CALLDATALOAD, CALLDATACOPY's base and per word, memory per word

export type OrderSource = "memory" | "calldata";
export type OrderIdFloor = {
  keccakGas: number;
  mstoreGas: number;
  readGas: number;
  memoryGas: number;
  total: number;
  keccaks: number;
  /** How many MSTOREs, CALLDATACOPYs and lists the floor counts (what {@link operandBound} prices). */
  counts: {
    mstores: number;
    copies: number;
    lists: number;
    elements: number;
    shortLists: number;
    staticPairs: number;
  };
};

const words = (bytes: number) => Math.ceil(bytes / 32);

/** The floor's opcode counter over one order's encoding; each version's walker calls it member by member. */
function floorCounter(source: OrderSource) {
  let keccakGas = 0;
  let mstoreGas = 0;
  let readGas = 0;
  let keccaks = 0;
  let largestInput = 0;
  const counts = { mstores: 0, copies: 0, lists: 0, elements: 0, shortLists: 0, staticPairs: 0 };
  /** `inScratch`: the input is written to scratch memory for hashing (not hashed where it already lies). */
  const keccak = (bytes: number, inScratch = true) => {
    keccaks++;
    keccakGas += KECCAK_BASE + KECCAK_WORD * words(bytes);
    if (inScratch) largestInput = Math.max(largestInput, bytes);
  };
  /** One word read where the order lies: a static member, an offset / pointer, or a length. */
  const read = (count = 1) => {
    readGas += VERY_LOW * count;
  };
  /** A bytes / string member: its offset and length read, in calldata copied to memory, then hashed. */
  const dynamic = (length: number) => {
    read(2);
    if (source === "calldata") {
      counts.copies++;
      readGas += VERY_LOW * (1 + words(length));
    }
    keccak(length, source === "calldata");
  };
  return {
    read,
    /** A struct of `members` members plus its type hash: its words written, then hashed. */
    struct(members: number) {
      counts.mstores += members + 1;
      mstoreGas += VERY_LOW * (members + 1);
      keccak(32 * (members + 1));
    },
    /** Two adjacent static words, which a hasher may move in one copy (see {@link operandBound}). */
    staticPair() {
      counts.staticPairs++;
    },
    text: (value: string) => dynamic(stringToBytes(value).length),
    bytes: (value: Hex) => dynamic(hexToBytes(value).length),
    /** An array: its offset and length read, one offset / pointer per element, the element hashes hashed. */
    array(count: number) {
      read(2 + count);
      counts.mstores += count;
      counts.lists++;
      counts.elements += count;
      if (count <= 2) counts.shortLists++;
      mstoreGas += VERY_LOW * count;
      keccak(32 * count);
    },
    /** A nested struct member: its offset / pointer. */
    nested: () => read(),
    result(): OrderIdFloor {
      const memoryGas = VERY_LOW * words(largestInput);
      return {
        keccakGas,
        mstoreGas,
        readGas,
        memoryGas,
        total: keccakGas + mstoreGas + readGas + memoryGas,
        keccaks,
        counts,
      };
    },
  };
}
type FloorCounter = ReturnType<typeof floorCounter>;

function fees(f: FloorCounter, list: EncodedOrder["fees"]) {
  f.array(list.length);
  for (const fee of list) {
    f.struct(5);
    f.text(fee.recipientChainId);
    f.bytes(fee.recipient);
    f.text(fee.currencyChainId);
    f.bytes(fee.currency);
    f.read(); // amount
  }
}

/** The floor of a `"v1"` order's id ({ProtocolOrder}). */
export function orderIdFloor(order: EncodedOrder, source: OrderSource): OrderIdFloor {
  const f = floorCounter(source);
  f.struct(7);
  f.staticPair(); // solver, salt
  f.text(order.version);
  f.text(order.solverChainId);
  f.read(2); // solver, salt
  f.array(order.inputs.length);
  for (const input of order.inputs) {
    f.struct(2);
    f.nested();
    f.struct(4);
    f.staticPair(); // amount, weight
    f.text(input.payment.chainId);
    f.bytes(input.payment.currency);
    f.read(2); // amount, weight
    f.array(input.refunds.length);
    for (const refund of input.refunds) {
      f.struct(6);
      f.staticPair(); // minimumAmount, deadline
      f.text(refund.chainId);
      f.bytes(refund.recipient);
      f.bytes(refund.currency);
      f.read(2); // minimumAmount, deadline
      f.bytes(refund.extraData);
    }
  }
  f.nested();
  f.struct(5);
  f.text(order.output.chainId);
  f.array(order.output.payments.length);
  for (const payment of order.output.payments) {
    f.struct(4);
    f.staticPair(); // minimumAmount, expectedAmount
    f.bytes(payment.recipient);
    f.bytes(payment.currency);
    f.read(2); // minimumAmount, expectedAmount
  }
  f.read(); // deadline
  f.array(order.output.calls.length);
  for (const call of order.output.calls) f.bytes(call);
  f.bytes(order.output.extraData);
  fees(f, order.fees);
  return f.result();
}

/** The floor of a `"v2"` order's id ({ProtocolOrderV2}), counted as {@link orderIdFloor} counts v1's. */
export function orderIdFloorV2(order: EncodedOrderV2, source: OrderSource): OrderIdFloor {
  const f = floorCounter(source);
  f.struct(9);
  f.staticPair(); // relayer, salt (deadline follows them)
  f.text(order.version);
  f.text(order.relayerChainId);
  f.read(3); // relayer, salt, deadline
  f.nested();
  f.struct(3);
  f.text(order.input.chainId);
  f.bytes(order.input.currency);
  f.read(); // amount
  f.array(order.refunds.length);
  for (const refund of order.refunds) {
    f.struct(4);
    f.text(refund.chainId);
    f.bytes(refund.currency);
    f.read(); // minimumAmount
    f.bytes(refund.recipient);
  }
  f.nested();
  f.struct(3);
  f.text(order.output.chainId);
  f.nested();
  f.struct(2);
  f.bytes(order.output.withdraw.currency);
  f.read(); // minimumAmount
  f.nested();
  f.struct(4);
  f.bytes(order.output.fill.currency);
  f.read(); // minimumAmount
  f.bytes(order.output.fill.recipient);
  f.array(order.output.fill.calls.length);
  for (const call of order.output.fill.calls) f.bytes(call);
  fees(f, order.fees);
  return f.result();
}

/**
 * What the floor's own opcodes need besides themselves, at the least: a lower bound on the gas any EVM
 * hasher of this encoding spends on top of {@link orderIdFloor}, to judge how close to the floor a hasher can
 * come at all.
 * - Operands: MSTORE takes two stack items and leaves none, KECCAK256 takes two and leaves one,
 *   CALLDATACOPY takes three and leaves none (MLOAD / CALLDATALOAD leave as many as they take). Only
 *   opcodes that push (PUSHn, DUPn, ...) make up the difference, so the floor's opcodes need
 *   2 x MSTOREs + KECCAK256s + 3 x CALLDATACOPYs pushes, less the order's pointer, already on the stack.
 *   PUSH1-32 and DUP cost 3; the 2-gas pushers give zero (PUSH0) or a fact of the environment, and zero
 *   is a usable offset only for a hash of at most two words (scratch 0x00-0x3f): a list of at most two
 *   elements (its KECCAK256 and element MSTOREs then save 1 each).
 * - Loops: a list's length is known only at run time, so hashing it branches at least once per list and
 *   once per element: JUMPI 10, its JUMPDEST 1, its destination pushed 3 and a condition computed 3.
 * - Less what a hasher may save below the floor's own opcodes: two adjacent static words (solver and salt,
 *   amount and weight, minimumAmount and deadline, the two payment amounts) moved by one MCOPY /
 *   CALLDATACOPY (9 gas, 3 pushes) instead of two reads and two MSTOREs (12 gas, 4 pushes): 6 each.
 */
export function operandBound(floor: OrderIdFloor): number {
  const { mstores, copies, lists, elements, shortLists, staticPairs } = floor.counts;
  const pushes = 2 * mstores + floor.keccaks + 3 * copies - 1;
  const zeroOffsets = shortLists + Math.min(elements, 2 * shortLists);
  const branches = lists + elements;
  return VERY_LOW * pushes - zeroOffsets + branches * (10 + 1 + VERY_LOW + VERY_LOW) - 6 * staticPairs;
}
