import { keccak256 } from "viem";
import {
  evmDepositAddressInitCode,
  evmDepositAddressSalt,
  findSvmDepositAddress,
  predictDepositAddress,
  SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM,
} from "../../src/orders/deposit-address/index.ts";
import { SVM_NATIVE_TOKEN } from "../../src/svm/constants.ts";
import type { SeededBytes } from "./seeded.ts";
import { seededAddress } from "./seeded-keys.ts";

/**
 * Strict deposit addresses, keyed by VM. EVM: the CREATE2 clone address of `(orderId, depositor)`
 * under a factory and implementation, with the salt and init code hash it is built from; the first
 * cases share one factory so addresses differing only by order id or depositor sit side by side.
 * SVM: the PDA `["deposit_address", orderId, mint, depositor]` of a program, with its bump; the
 * first cases use the devnet's program and vary one seed at a time (native mint first).
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
  const svm = [];
  for (let index = 0; index < count; index++) {
    const program =
      index < 4
        ? SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM
        : seededAddress(bytes, "svm", `deposit-program-${index}`);
    const orderId = bytes("deposit-order-id", index < 2 ? 0 : index, 32);
    const mint = index % 2 === 0 ? SVM_NATIVE_TOKEN : seededAddress(bytes, "svm", `deposit-mint-${index}`);
    const depositor = seededAddress(bytes, "svm", `deposit-depositor-${index === 3 ? 2 : index}`);
    const { address, bump } = findSvmDepositAddress({ vm: "svm", program, orderId, mint, depositor });
    svm.push({ name: `svm-${index}`, program, orderId, mint, depositor, bump, address });
  }
  return { evm, svm };
}
