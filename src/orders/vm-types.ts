/** The VM types of the protocol's chains, as order encoding names them. */
export const ORDER_VM_TYPES = [
  "ethereum-vm",
  "solana-vm",
  "bitcoin-vm",
  "tron-vm",
  "ton-vm",
  "xrp-vm",
  "hyperliquid-vm",
  "lighter-vm",
  "hedera-vm",
] as const;

export type OrderVmType = (typeof ORDER_VM_TYPES)[number];

/** Order chain id (`"base"`, `"solana"`, ...) → VM type of that chain. */
export type ChainVmTypes = Readonly<Record<string, OrderVmType>>;

/** `chain.vmType` of a GET /chains entry → the order VM type. */
export const VM_TYPE_BY_CHAINS_VM: Readonly<Record<string, OrderVmType>> = {
  evm: "ethereum-vm",
  svm: "solana-vm",
  bvm: "bitcoin-vm",
  tvm: "tron-vm",
  tonvm: "ton-vm",
  xrpvm: "xrp-vm",
  hypevm: "hyperliquid-vm",
  lvm: "lighter-vm",
};

/** The native-currency sentinel of each VM, in its native address form. */
export const NATIVE_CURRENCY: Readonly<Record<OrderVmType, string>> = {
  "ethereum-vm": "0x0000000000000000000000000000000000000000",
  "solana-vm": "11111111111111111111111111111111",
  "bitcoin-vm": "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8",
  "tron-vm": "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
  "ton-vm": "EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c",
  "xrp-vm": "rrrrrrrrrrrrrrrrrrrrrhoLvTp",
  "hyperliquid-vm": "0x00000000000000000000000000000000",
  "lighter-vm": "0",
  "hedera-vm": "0.0.0",
};

/** Whether `value` is one of the VM type names an order's chains can have. */
export function isOrderVmType(value: unknown): value is OrderVmType {
  return typeof value === "string" && (ORDER_VM_TYPES as readonly string[]).includes(value);
}
