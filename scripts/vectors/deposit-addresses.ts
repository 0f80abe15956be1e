import { keccak256 } from "viem";
import {
  evmDepositAddressInitCode,
  evmDepositAddressSalt,
  predictDepositAddress,
} from "../../src/orders/index.ts";
import type { SeededBytes } from "./seeded.ts";
import { seededAddress } from "./seeded-keys.ts";

/**
 * Strict deposit addresses, keyed by VM. EVM: the CREATE2 clone address of `(orderId, depositor)`
 * under a factory and implementation, with the salt and init code hash it is built from; the first
 * cases share one factory so addresses differing only by order id or depositor sit side by side.
 */
export function depositAddressVectors(bytes: SeededBytes, count = 16) {
  const evm = [];
  for (let index = 0; index < count; index++) {
    const factory = seededAddress(bytes, "evm", `deposit-factory-${index < 4 ? 0 : index}`);
    const implementation = seededAddress(bytes, "evm", `deposit-implementation-${index < 4 ? 0 : index}`);
    const orderId = bytes("deposit-order-id", index < 2 ? 0 : index, 32);
    const depositor = seededAddress(bytes, "evm", `deposit-depositor-${index === 1 ? 2 : index}`);
    evm.push({
      name: `evm-${index}`,
      factory,
      implementation,
      orderId,
      depositor,
      salt: evmDepositAddressSalt(orderId, depositor),
      initCodeHash: keccak256(evmDepositAddressInitCode(implementation)),
      address: predictDepositAddress({ vm: "evm", factory, implementation, orderId, depositor }),
    });
  }
  return { evm };
}
