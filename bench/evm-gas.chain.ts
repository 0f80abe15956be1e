// The in-process chain of the gas benchmark: one token, the receivers side by side, and the deposits each
// variant makes. Shared by bench/evm-gas.measure.ts and bench/evm-gas.profile.ts.
import { network } from "hardhat";
import { concatHex, encodeFunctionData, erc20Abi, type Hex, parseEther, type TransactionReceipt } from "viem";
import { destination, MAX_WINDOW, quote, solverAccount } from "../test/evm/helpers.ts";
import { type Step, traceSteps } from "./evm-gas.trace.ts";

export type Path = "native" | "erc20";
/** (a) plain tagged transfer, (b) naive OZ receiver, (c) AttestedReceiver, and (c) without the token
 * balance-delta (test/evm/baseline/ReceiverWithoutBalanceDelta.sol). */
export type Variant = "a" | "b" | "c" | "cWithoutDelta";
export type Sent = { receipt: TransactionReceipt; input: Hex; steps: Step[] };

export async function benchChain() {
  const { viem, provider, networkConfig } = await network.create();
  const publicClient = await viem.getPublicClient();
  const [owner, payer] = await viem.getWalletClients();
  if (!owner || !payer) throw new Error("need two accounts");
  const chainId = await publicClient.getChainId();
  const solver = solverAccount.address;

  // The solver is an existing account with a non-zero token balance: the steady state of a live solver.
  await owner.sendTransaction({ to: solver, value: parseEther("1") });
  const token = await viem.deployContract("MockERC20", ["Bench Token", "BT", 18]);
  await token.write.mint([payer.account.address, parseEther("1000000")]);
  await token.write.mint([solver, 1n]);

  const whitelist = [destination(8453, "0x00000000000000000000000000000000000000d5")];
  const receiverArgs = [owner.account.address, solver, MAX_WINDOW, whitelist] as const;
  const ours = await viem.deployContract("AttestedReceiver", [...receiverArgs]);
  const withoutDelta = await viem.deployContract("ReceiverWithoutBalanceDelta", [...receiverArgs]);
  const naive = await viem.deployContract("NaiveReceiver", [
    owner.account.address,
    solver,
    BigInt(MAX_WINDOW),
  ]);
  // the baseline lives under test/, outside the typed artifact map: call it through its plain ABI
  await owner.writeContract({
    address: naive.address,
    abi: naive.abi,
    functionName: "setWhitelist",
    args: [whitelist[0]!.chainId, whitelist[0]!.user, true],
  });
  // Large, finite allowances: each deposit updates a non-zero allowance to a non-zero one.
  for (const spender of [ours.address, withoutDelta.address, naive.address]) {
    await token.write.approve([spender, parseEther("100000000")], { account: payer.account });
  }
  const receivers = { b: naive.address, c: ours.address, cWithoutDelta: withoutDelta.address } as const;

  const amount = parseEther("1");
  const sent = async (hash: Hex): Promise<Sent> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const tx = await publicClient.getTransaction({ hash });
    return { receipt, input: tx.input, steps: await traceSteps(provider, hash) };
  };

  /** One deposit of `amount` for a fresh request, the way `variant` pays it. */
  const deposit = async (variant: Variant, path: Path): Promise<Sent> => {
    const q = await quote({
      chainId,
      payer: payer.account.address,
      amount,
      ...(path === "erc20" ? { currency: token.address } : {}),
    });
    if (variant === "a") {
      // native: value to the solver with the 32-byte request id as calldata;
      // erc20: transfer(solver, amount) with the request id appended
      return path === "native"
        ? sent(await payer.sendTransaction({ to: solver, value: amount, data: q.requestId }))
        : sent(
            await payer.sendTransaction({
              to: token.address,
              data: concatHex([
                encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [solver, amount] }),
                q.requestId,
              ]),
            }),
          );
    }
    // every receiver exposes the same deposit ABI; call each through ours
    const receiver = await viem.getContractAt("AttestedReceiver", receivers[variant]);
    const deadline = (await publicClient.getBlock()).timestamp + 600n;
    return path === "native"
      ? sent(
          await receiver.write.depositNative([q.struct, deadline, q.signature], {
            account: payer.account,
            value: amount,
          }),
        )
      : sent(
          await receiver.write.depositErc20([q.struct, deadline, q.signature], { account: payer.account }),
        );
  };

  const hardfork = String((networkConfig as { hardfork?: string }).hardfork ?? "default");
  return { publicClient, solver, receivers, deposit, hardfork };
}
