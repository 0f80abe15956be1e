// Opcode-level gas profile of one AttestedReceiver deposit (development aid):
// npx hardhat run bench/evm-gas.profile.ts
import { network } from "hardhat";
import { parseEther } from "viem";
import { destination, MAX_WINDOW, quote, solverAccount } from "../test/evm/helpers.ts";

const { viem, provider } = await network.create();
const publicClient = await viem.getPublicClient();
const [owner, payer] = await viem.getWalletClients();
if (!owner || !payer) throw new Error("accounts");
const chainId = await publicClient.getChainId();
const solver = solverAccount.address;
await owner.sendTransaction({ to: solver, value: parseEther("1") });
const token = await viem.deployContract("MockERC20", ["T", "T", 18]);
await token.write.mint([payer.account.address, parseEther("1000")]);
await token.write.mint([solver, 1n]);
const ours = await viem.deployContract("AttestedReceiver", [
  owner.account.address,
  solver,
  MAX_WINDOW,
  [destination(8453, "0x00000000000000000000000000000000000000d5")],
]);
await token.write.approve([ours.address, parseEther("100000")], { account: payer.account });
const d = (await publicClient.getBlock()).timestamp + 600n;
for (const kind of ["native", "erc20"] as const) {
  const q = await quote({
    chainId,
    payer: payer.account.address,
    ...(kind === "erc20" ? { currency: token.address } : {}),
  });
  const hash =
    kind === "native"
      ? await ours.write.depositNative([q.struct, d, q.signature], {
          account: payer.account,
          value: parseEther("1"),
        })
      : await ours.write.depositErc20([q.struct, d, q.signature], { account: payer.account });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  type Log = { pc: number; op: string; gas: number; gasCost: number; depth: number };
  const trace = (await provider.request({ method: "debug_traceTransaction", params: [hash] })) as {
    structLogs: Log[];
  };
  const byOp = new Map<string, number>();
  const logs = trace.structLogs;
  let segGas = 0;
  for (let i = 0; i < logs.length; i++) {
    const l = logs[i]!;
    const next = logs[i + 1];
    // gas actually consumed by this step at its depth (for CALLs: includes the callee)
    const used = next && next.depth === l.depth ? l.gas - next.gas : l.gasCost;
    if (l.depth === 1) {
      byOp.set(l.op, (byOp.get(l.op) ?? 0) + used);
      segGas += used;
    }
  }
  const first = logs[0]!;
  console.log(
    `\n${kind}: gasUsed ${receipt.gasUsed}, execution start gas ${first.gas}, depth-1 steps total ${segGas}`,
  );
  console.log(
    [...byOp.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${k}:${v}`)
      .join("  "),
  );
}
