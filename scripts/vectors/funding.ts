import { encodeAppBalanceFundingCalldata } from "../../src/funding/index.ts";
import { type SeededBytes, seededInt } from "./seeded.ts";
import { seededAddress } from "./seeded-keys.ts";

/** Funding calldata crediting the sender (no credit) and third parties. */
export function fundingVectors(bytes: SeededBytes, count = 16) {
  const vectors = [];
  for (let index = 0; index < count; index++) {
    const solver = seededAddress(bytes, "evm", `funding-solver-${index % 2}`);
    const amount =
      index === 0
        ? "0"
        : BigInt(bytes("funding-amount", index, 1 + seededInt(bytes, "fa-len", index, 32))).toString();
    const credit = index % 2 === 0 ? null : seededAddress(bytes, "evm", `funding-credit-${index}`);
    vectors.push({
      name: credit === null ? `credit-sender-${index}` : `credit-third-party-${index}`,
      solver,
      amount,
      credit,
      calldata: encodeAppBalanceFundingCalldata({ solver, amount, credit }),
    });
  }
  return { vectors };
}
