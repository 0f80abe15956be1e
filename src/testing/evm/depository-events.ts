// The service's EVM depository records each deposit in its own events (contracts/depository/IRelayDepository.sol):
// `RelayNativeDeposit(from, amount, id)` and `RelayErc20Deposit(from, token, amount, id)`, no member indexed.
import { type Address, isAddressEqual, type Log, parseAbi, parseEventLogs } from "viem";
import type { EvmOrderDeposit } from "./order-types.ts";

const DEPOSIT_EVENTS = parseAbi([
  "event RelayNativeDeposit(address from, uint256 amount, bytes32 id)",
  "event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)",
]);

/** Every deposit `depository` recorded in `logs`, in order: the id and the credited depositor of each. */
export function relayDepositoryDeposits(logs: readonly Log[], depository: Address): EvmOrderDeposit[] {
  return parseEventLogs({ abi: DEPOSIT_EVENTS, logs: [...logs] })
    .filter((log) => isAddressEqual(log.address, depository))
    .map((log) => ({ id: log.args.id, depositor: log.args.from }));
}
