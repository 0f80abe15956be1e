/** The local-node surface over EDR: Anvil helper names and cast's `input`+`data` transactions. */
import { expect } from "chai";
import fc from "fast-check";
import { localNodeProvider } from "../../src/devnet/evm-node-methods.ts";

function recording() {
  const calls: { method: string; params?: unknown }[] = [];
  const provider = localNodeProvider({
    async request(args) {
      calls.push(args);
      return null;
    },
  });
  return { calls, provider };
}

const hexBytes = fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`);
const TRANSACTION_METHODS = ["eth_call", "eth_estimateGas", "eth_sendTransaction", "eth_createAccessList"];

describe("devnet local-node methods", () => {
  it("answers anvil's cheatcodes with their hardhat_ equivalents, anvil's quantities and addresses normalized", async () => {
    const { calls, provider } = recording();
    const address = "AB".repeat(20);
    const word = `0x${"01".repeat(32)}`;
    expect(await provider.request({ method: "anvil_setBalance", params: [address, 4096] })).to.equal(null);
    await provider.request({ method: "anvil_setNonce", params: [`0x${address}`, "0x07"] });
    expect(await provider.request({ method: "anvil_setStorageAt", params: [address, 0, word] })).to.equal(
      true,
    );
    await provider.request({ method: "anvil_impersonateAccount", params: [address] });
    await provider.request({ method: "anvil_setCoinbase", params: [address] });
    const lower = `0x${"ab".repeat(20)}`;
    expect(calls).to.deep.equal([
      { method: "hardhat_setBalance", params: [lower, "0x1000"] },
      { method: "hardhat_setNonce", params: [lower, "0x7"] },
      { method: "hardhat_setStorageAt", params: [lower, "0x0", word] },
      { method: "hardhat_impersonateAccount", params: [lower] },
      { method: "hardhat_setCoinbase", params: [address] },
    ]);
  });

  it("passes other methods and single-field transactions through unchanged", async () => {
    const { calls, provider } = recording();
    await provider.request({ method: "eth_call", params: [{ to: "0x01", data: "0xab" }, "latest"] });
    await provider.request({ method: "eth_call", params: [{ to: "0x01", input: "0xab" }, "latest"] });
    await provider.request({ method: "evm_mine" });
    await provider.request({ method: "eth_getLogs", params: [{ input: "0x01", data: "0x02" }] });
    expect(calls).to.deep.equal([
      { method: "eth_call", params: [{ to: "0x01", data: "0xab" }, "latest"] },
      { method: "eth_call", params: [{ to: "0x01", input: "0xab" }, "latest"] },
      { method: "evm_mine" },
      { method: "eth_getLogs", params: [{ input: "0x01", data: "0x02" }] },
    ]);
  });

  it("fills a missing gas of eth_sendTransaction with the estimate, and sends nothing when the estimate fails", async () => {
    const calls: { method: string; params?: unknown }[] = [];
    const provider = localNodeProvider({
      async request(args) {
        calls.push(args);
        if (args.method !== "eth_estimateGas") return "0xhash";
        const [transaction] = args.params as [{ to: string }];
        if (transaction.to === "0xdead") throw Object.assign(new Error("execution reverted"), { code: 3 });
        return "0x7530";
      },
    });
    const transaction = { from: "0x01", to: "0x02", value: "0x1" };
    expect(await provider.request({ method: "eth_sendTransaction", params: [transaction] })).to.equal(
      "0xhash",
    );
    expect(calls).to.deep.equal([
      { method: "eth_estimateGas", params: [transaction, "pending"] },
      { method: "eth_sendTransaction", params: [{ ...transaction, gas: "0x7530" }] },
    ]);
    calls.length = 0;
    const refused = await provider
      .request({ method: "eth_sendTransaction", params: [{ ...transaction, to: "0xdead" }] })
      .then(
        () => null,
        (error: { code?: number }) => error,
      );
    expect(refused?.code).to.equal(3);
    expect(calls.map((call) => call.method)).to.deep.equal(["eth_estimateGas"]);
  });

  it("property: input and data that agree (in any hex case) reach the node as one input field", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TRANSACTION_METHODS),
        hexBytes,
        fc.boolean(),
        async (method, hex, upper) => {
          const { calls, provider } = recording();
          const data = upper ? `0x${hex.slice(2).toUpperCase()}` : hex;
          await provider.request({
            method,
            params: [{ to: "0x01", gas: "0x5208", input: hex, data }, "latest"],
          });
          expect(calls).to.deep.equal([
            { method, params: [{ to: "0x01", gas: "0x5208", input: hex }, "latest"] },
          ]);
        },
      ),
    );
  });

  it("property: input and data that differ are refused with -32602 and never reach the node", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TRANSACTION_METHODS),
        hexBytes,
        hexBytes,
        async (method, input, data) => {
          fc.pre(input !== data);
          const { calls, provider } = recording();
          const error = await provider.request({ method, params: [{ input, data }] }).then(
            () => null,
            (e: { code?: number }) => e,
          );
          expect(error?.code).to.equal(-32602);
          expect(calls).to.deep.equal([]);
        },
      ),
    );
  });

  it("a non-string input or data is refused with -32602", async () => {
    const { calls, provider } = recording();
    const error = await provider.request({ method: "eth_call", params: [{ input: 1, data: 1 }] }).then(
      () => null,
      (e: { code?: number }) => e,
    );
    expect(error?.code).to.equal(-32602);
    expect(calls).to.deep.equal([]);
  });
});
