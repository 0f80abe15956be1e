export { fromBytes32Address, toBytes32Address } from "./bytes32.ts";
export { parseEvmAddress } from "./evm.ts";
