/**
 * The orders guide's Solidity sample compiles against the shipped library and accepts a shared vector's
 * signed order once; a tampered order and a replay are refused.
 */
import { expect } from "chai";
import { network } from "hardhat";
import { decodeAbiParameters } from "viem";
import { PROTOCOL_ORDER_ABI_PARAMETER } from "../../src/orders/index.ts";
import { orderVectors } from "../orders/vectors.ts";
import { compileSolidityExample } from "./compile-example.ts";

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
    const { abi, bytecode } = compileSolidityExample("OrderGate.sol", "OrderGate");
    const hash = await wallet!.deployContract({ abi, bytecode, args: [orderVectors.solver.address] });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    const vector = orderVectors.cases[0]!;
    const [order] = decodeAbiParameters([PROTOCOL_ORDER_ABI_PARAMETER], vector.abiEncoded) as [
      { salt: bigint },
    ];

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
