/** The nonce of a signed transaction read from its RLP, as the devnet orders sends by it. */
import { expect } from "chai";
import { parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmMnemonicAccount } from "../../src/devnet/accounts.ts";
import { rawTransactionNonce } from "../../src/devnet/evm-raw-nonce.ts";

const signer = privateKeyToAccount(evmMnemonicAccount(9).privateKey);
const to = "0x00000000000000000000000000000000000c0ffe";

describe("devnet EVM chain: a raw transaction's nonce", () => {
  for (const nonce of [0, 1, 127, 128, 65_535, 2 ** 40 + 5]) {
    it(`reads nonce ${nonce} from legacy, EIP-2930 and EIP-1559 transactions`, async () => {
      const raws = [
        await signer.signTransaction({ type: "legacy", chainId: 1, nonce, to, gas: 21_000n, gasPrice: 1n }),
        await signer.signTransaction({
          type: "eip2930",
          chainId: 8453,
          nonce,
          to,
          gas: 21_000n,
          gasPrice: 1n,
        }),
        await signer.signTransaction({
          type: "eip1559",
          chainId: 8453,
          nonce,
          to,
          gas: 21_000n,
          maxFeePerGas: parseGwei("50"),
          maxPriorityFeePerGas: parseGwei("1"),
          // Long calldata: the list's length takes bytes of its own.
          data: `0x${"ab".repeat(300)}`,
        }),
      ];
      for (const raw of raws) expect(rawTransactionNonce(raw)).to.equal(nonce);
    });
  }

  it("answers -1 for bytes that are not a transaction", () => {
    for (const raw of ["", "0x", "0xzz", "0x02", "0x02c0", "0x80"])
      expect(rawTransactionNonce(raw)).to.equal(-1);
  });
});
