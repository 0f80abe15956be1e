import { type Address, decodeFunctionData, type Hex, parseAbi } from "viem";

/** The canonical EVM depository address on most EVM chains (GET /chains is the authority). */
export const CANONICAL_EVM_DEPOSITORY: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc31";

/** The EVM depository's public deposit interface and events (event members are not indexed). */
export const RELAY_DEPOSITORY_ABI = parseAbi([
  "function depositNative(address depositor, bytes32 id) payable",
  "function depositErc20(address depositor, address token, uint256 amount, bytes32 id)",
  "event RelayNativeDeposit(address from, uint256 amount, bytes32 id)",
  "event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)",
]);

export type EvmDepositCall =
  | { kind: "native"; depositor: Address; id: Hex }
  | { kind: "erc20"; depositor: Address; token: Address; amount: bigint; id: Hex };

/** Decodes depository calldata, or null when it is not one of the two deposit functions. */
export function decodeEvmDepositCall(calldata: unknown): EvmDepositCall | null {
  if (typeof calldata !== "string" || !calldata.startsWith("0x")) return null;
  try {
    const { functionName, args } = decodeFunctionData({ abi: RELAY_DEPOSITORY_ABI, data: calldata as Hex });
    if (functionName === "depositNative") return { kind: "native", depositor: args[0], id: args[1] };
    return { kind: "erc20", depositor: args[0], token: args[1], amount: args[2], id: args[3] };
  } catch {
    return null;
  }
}
