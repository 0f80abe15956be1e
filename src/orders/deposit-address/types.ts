import type { Hex } from "viem";

/**
 * Where a strict EVM deposit address lives: the chain's `DepositAddressFactory` clones its
 * `DepositAddress` implementation with CREATE2, salted by the order id and the depositor.
 */
export interface EvmDepositAddressParams {
  vm: "evm";
  /** The chain's `DepositAddressFactory` (the CREATE2 deployer). */
  factory: string;
  /** The `DepositAddress` implementation its clones delegate to (`IMPLEMENTATION()` of the factory). */
  implementation: string;
  /** The protocol order id the address deposits under. */
  orderId: Hex;
  /** The account the depository credits for what the address receives. */
  depositor: string;
}

/**
 * Where a strict SVM deposit address lives: the PDA `["deposit_address", orderId, mint, depositor]`
 * of the chain's deposit-address program.
 */
export interface SvmDepositAddressParams {
  vm: "svm";
  /** The deposit-address program (`SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM` on the devnet). */
  program: string;
  /** The protocol order id the address deposits under. */
  orderId: Hex;
  /** The mint the address collects; the default address (`SVM_NATIVE_TOKEN`) for SOL. */
  mint: string;
  /** The account the depository credits for what the address receives. */
  depositor: string;
}

/**
 * What `predictDepositAddress` needs, per VM (the `vm` member picks the rule). Only strict addresses
 * are derivable: open ones are assigned by the service's manager contract.
 */
export type DepositAddressParams = EvmDepositAddressParams | SvmDepositAddressParams;

/** The VMs `predictDepositAddress` derives addresses for. */
export type DepositAddressVm = DepositAddressParams["vm"];
