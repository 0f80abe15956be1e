import { type Address, type Hex, toFunctionSelector } from "viem";

/** The canonical EVM depository address on most EVM chains (GET /chains is the authority). */
export const CANONICAL_EVM_DEPOSITORY: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc31";

/**
 * The EVM depository's public deposit interface and events (event members are not indexed), as a JSON ABI
 * so that no ABI parser runs, or is bundled, when this module loads:
 * `depositNative(address depositor, bytes32 id) payable`,
 * `depositErc20(address depositor, address token, uint256 amount, bytes32 id)`,
 * `RelayNativeDeposit(address from, uint256 amount, bytes32 id)`,
 * `RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)`.
 */
export const RELAY_DEPOSITORY_ABI = [
  {
    name: "depositNative",
    type: "function",
    stateMutability: "payable",
    inputs: [
      { type: "address", name: "depositor" },
      { type: "bytes32", name: "id" },
    ],
    outputs: [],
  },
  {
    name: "depositErc20",
    type: "function",
    stateMutability: "nonpayable",
    inputs: [
      { type: "address", name: "depositor" },
      { type: "address", name: "token" },
      { type: "uint256", name: "amount" },
      { type: "bytes32", name: "id" },
    ],
    outputs: [],
  },
  {
    name: "RelayNativeDeposit",
    type: "event",
    inputs: [
      { type: "address", name: "from" },
      { type: "uint256", name: "amount" },
      { type: "bytes32", name: "id" },
    ],
  },
  {
    name: "RelayErc20Deposit",
    type: "event",
    inputs: [
      { type: "address", name: "from" },
      { type: "address", name: "token" },
      { type: "uint256", name: "amount" },
      { type: "bytes32", name: "id" },
    ],
  },
] as const;

export type EvmDepositCall =
  | { kind: "native"; depositor: Address; id: Hex }
  | { kind: "erc20"; depositor: Address; token: Address; amount: bigint; id: Hex };

const [DEPOSIT_NATIVE, DEPOSIT_ERC20] = RELAY_DEPOSITORY_ABI;
const NATIVE_SELECTOR = /* @__PURE__ */ toFunctionSelector(DEPOSIT_NATIVE);
const ERC20_SELECTOR = /* @__PURE__ */ toFunctionSelector(DEPOSIT_ERC20);
const WORD = 64;

/** The `index`-th 32-byte argument word (hex, no prefix). */
function word(args: string, index: number): string {
  return args.slice(index * WORD, (index + 1) * WORD);
}

/** An address argument: its upper 12 bytes must be zero (strict ABI), returned lowercase. */
function addressWord(args: string, index: number): Address | null {
  const value = word(args, index);
  return value.startsWith("000000000000000000000000")
    ? (`0x${value.slice(24).toLowerCase()}` as Address)
    : null;
}

/**
 * Decodes depository calldata, or null when it is not exactly one of the two deposit functions with
 * canonical arguments (all arguments are static words, so the length is fixed). Addresses come back lowercase.
 */
export function decodeEvmDepositCall(calldata: unknown): EvmDepositCall | null {
  if (typeof calldata !== "string" || !/^0x[0-9a-fA-F]*$/.test(calldata)) return null;
  const selector = calldata.slice(0, 10).toLowerCase();
  const args = calldata.slice(10);
  if (selector === NATIVE_SELECTOR && args.length === 2 * WORD) {
    const depositor = addressWord(args, 0);
    return depositor === null ? null : { kind: "native", depositor, id: `0x${word(args, 1).toLowerCase()}` };
  }
  if (selector === ERC20_SELECTOR && args.length === 4 * WORD) {
    const depositor = addressWord(args, 0);
    const token = addressWord(args, 1);
    if (depositor === null || token === null) return null;
    return {
      kind: "erc20",
      depositor,
      token,
      amount: BigInt(`0x${word(args, 2)}`),
      id: `0x${word(args, 3).toLowerCase()}`,
    };
  }
  return null;
}
