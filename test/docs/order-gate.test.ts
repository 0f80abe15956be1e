/**
 * The orders guide's Solidity sample compiles against the shipped library and accepts a shared vector's
 * signed order once; a tampered order and a replay are refused.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "chai";
import { network } from "hardhat";
import { type Abi, decodeAbiParameters, type Hex } from "viem";
import { PROTOCOL_ORDER_ABI_PARAMETER } from "../../src/orders/index.ts";
import { orderVectors } from "../orders/vectors.ts";

const ROOT = new URL("../../", import.meta.url);
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string, options: { import(path: string): object }): string };

function compileGate(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: "Solidity",
    sources: {
      "OrderGate.sol": {
        content: readFileSync(new URL("docs/examples/solidity/OrderGate.sol", ROOT), "utf8"),
      },
    },
    settings: { evmVersion: "cancun", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const resolveImport = (path: string) =>
    path.startsWith("attestkit/contracts/")
      ? { contents: readFileSync(new URL(path.slice("attestkit/".length), ROOT), "utf8") }
      : { error: `unexpected import ${path}` };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  expect(
    (output.errors ?? []).filter((e) => e.severity === "error").map((e) => e.formattedMessage),
  ).to.deep.equal([]);
  const gate = output.contracts["OrderGate.sol"]!.OrderGate!;
  return { abi: gate.abi, bytecode: `0x${gate.evm.bytecode.object}` };
}

async function revertName(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as { cause?: { data?: { errorName?: string } } }).cause?.data?.errorName ?? String(error);
  }
  return "no revert";
}

describe("docs: the OrderGate sample", () => {
  it("accepts a solver-signed vector order once, refuses a tampered order and the replay", async () => {
    const { viem } = await network.create();
    const publicClient = await viem.getPublicClient();
    const [wallet] = await viem.getWalletClients();
    const { abi, bytecode } = compileGate();
    const hash = await wallet!.deployContract({ abi, bytecode, args: [orderVectors.solver.address] });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    const vector = orderVectors.cases[0]!;
    const [order] = decodeAbiParameters([PROTOCOL_ORDER_ABI_PARAMETER], vector.abiEncoded);

    const id = await publicClient.readContract({
      address,
      abi,
      functionName: "signedOrderId",
      args: [order, vector.signature],
    });
    expect(id).to.equal(vector.orderId);

    const tampered = { ...order, salt: order.salt + 1n };
    expect(
      await revertName(
        publicClient.readContract({
          address,
          abi,
          functionName: "signedOrderId",
          args: [tampered, vector.signature],
        }),
      ),
    ).to.equal("NotSignedBySolver");

    await publicClient.waitForTransactionReceipt({
      hash: await wallet!.writeContract({
        address,
        abi,
        functionName: "accept",
        args: [order, vector.signature],
      }),
    });
    expect(
      await revertName(
        publicClient.simulateContract({
          address,
          abi,
          functionName: "accept",
          args: [order, vector.signature],
          account: wallet!.account,
        }),
      ),
    ).to.equal("OrderAlreadyUsed");
  });
});
