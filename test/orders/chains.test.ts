import { expect } from "chai";
import {
  CANONICAL_EVM_DEPOSITORY,
  chainVmTypesFromChains,
  depositoriesFromChains,
  orderChainsFromChains,
  SVM_DEPOSITORY_PROGRAM,
} from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import { chainsResponse } from "./quote-fixture.ts";

describe("orders: GET /chains helpers", () => {
  it("maps protocol chain ids to VM types and depositories, leaving out chains without protocol.v2", () => {
    expect(chainVmTypesFromChains(chainsResponse)).to.deep.equal({
      base: "ethereum-vm",
      optimism: "ethereum-vm",
      solana: "solana-vm",
    });
    expect(depositoriesFromChains(chainsResponse)).to.deep.equal({
      base: CANONICAL_EVM_DEPOSITORY,
      optimism: CANONICAL_EVM_DEPOSITORY,
      solana: SVM_DEPOSITORY_PROGRAM,
    });
    expect(
      orderChainsFromChains(chainsResponse).find((chain) => chain.protocolChainId === "solana")?.id,
    ).to.equal(792703809);
  });

  it("maps every chains vmType to its order VM type and skips unknown ones", () => {
    const vms = ["evm", "svm", "bvm", "tvm", "tonvm", "xrpvm", "hypevm", "lvm", "suivm"];
    const response = {
      chains: vms.map((vmType, index) => ({
        id: index + 1,
        vmType,
        protocol: { v2: { chainId: vmType, depository: "x" } },
      })),
    };
    expect(chainVmTypesFromChains(response)).to.deep.equal({
      evm: "ethereum-vm",
      svm: "solana-vm",
      bvm: "bitcoin-vm",
      tvm: "tron-vm",
      tonvm: "ton-vm",
      xrpvm: "xrp-vm",
      hypevm: "hyperliquid-vm",
      lvm: "lighter-vm",
    });
  });

  for (const [name, response] of [
    ["not an object", null],
    ["no chains array", { data: [] }],
    [
      "protocol.v2 without chainId",
      { chains: [{ id: 1, vmType: "evm", protocol: { v2: { depository: "0x" } } }] },
    ],
    [
      "protocol.v2 without a numeric id",
      { chains: [{ id: "1", vmType: "evm", protocol: { v2: { chainId: "a", depository: "0x" } } }] },
    ],
    [
      "a protocol chain id twice",
      {
        chains: [
          { id: 1, vmType: "evm", protocol: { v2: { chainId: "a", depository: "0x" } } },
          { id: 2, vmType: "evm", protocol: { v2: { chainId: "a", depository: "0x" } } },
        ],
      },
    ],
  ] as const) {
    it(`refuses ${name} with INVALID_CHAINS_RESPONSE`, async () => {
      await expectCode(() => chainVmTypesFromChains(response), "INVALID_CHAINS_RESPONSE");
    });
  }
});
