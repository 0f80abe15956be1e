/**
 * One devnet EVM chain (8453) reached only over its network endpoints, plus a native receiver deposit
 * signed as the devnet's solver signs it: what the outside-client suites share.
 */
import { type Address, type Hex, keccak256, parseEther, stringToHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signRequestData } from "../../../src/attestation/index.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { type EvmDevChain, startEvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { encodeEvmReceiverDeposit } from "../../../src/receiver/index.ts";

export const alice = evmDevAccount("alice");
export const DESTINATION = { chainId: 10, user: alice.address } as const;

export function startChain(): Promise<EvmDevChain> {
  return startEvmDevChain({
    chainId: 8453,
    name: "base",
    whitelist: [DESTINATION],
    maxDeadlineWindow: 3600,
    funded: ["alice"],
  });
}

let deposits = 0;
/** Calldata and value of a fresh native deposit by alice, attested by the devnet's solver. */
export async function nativeDeposit(
  chain: EvmDevChain,
  label: string,
): Promise<{ requestId: Hex; to: Address; data: Hex; value: bigint }> {
  deposits += 1;
  const requestId = keccak256(stringToHex(`evm-rpc ${label} ${deposits} ${Date.now()}`));
  const requestData = {
    originChainId: chain.chainId,
    originUser: alice.address,
    originCurrency: zeroAddress,
    originAmount: parseEther("0.01").toString(),
    destinationChainId: DESTINATION.chainId,
    destinationUser: DESTINATION.user,
  };
  const signature = await signRequestData(
    privateKeyToAccount(evmDevAccount("solver").privateKey),
    requestId,
    requestData,
  );
  const block = (await chain.provider.request({
    method: "eth_getBlockByNumber",
    params: ["latest", false],
  })) as {
    timestamp: Hex;
  };
  const call = encodeEvmReceiverDeposit({
    requestId,
    requestData,
    signature,
    deadline: BigInt(block.timestamp) + 600n,
  });
  return { requestId, to: chain.receiver, ...call };
}
