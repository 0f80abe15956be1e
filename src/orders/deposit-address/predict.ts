import { describeValue } from "../../describe.ts";
import { InvalidDepositAddressParamsError } from "../errors.ts";
import { predictEvmDepositAddress } from "./evm.ts";
import { predictSvmDepositAddress } from "./svm.ts";
import type { DepositAddressParams } from "./types.ts";

/**
 * The strict deposit address the service gives a quote with `useDepositAddress: true`, derived from
 * the order id and the depositor without reading a chain: pay a plain transfer to it and a sweep
 * deposits what it holds under the order id for the depositor. Bad input (an unknown `vm`, a
 * malformed address or order id) throws a typed error before anything is hashed.
 */
export function predictDepositAddress(params: DepositAddressParams): string {
  const vm: unknown = (params as { vm?: unknown } | null)?.vm;
  switch (vm) {
    case "evm":
      return predictEvmDepositAddress(params as Extract<DepositAddressParams, { vm: "evm" }>);
    case "svm":
      return predictSvmDepositAddress(params as Extract<DepositAddressParams, { vm: "svm" }>);
    default:
      throw new InvalidDepositAddressParamsError(
        `deposit addresses are derived for vm "evm" or "svm", got ${describeValue(vm)}`,
      );
  }
}
