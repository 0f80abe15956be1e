import type { Address } from "@solana/kit";

/**
 * Chain id the service uses for its one SVM chain (service interface: SVM rules). Every other chain
 * id the service knows is EVM.
 */
export const SVM_CHAIN_ID = 792703809;

/**
 * Wire-size limit, in bytes, of a legacy or v0 SVM transaction: the IPv6 minimum
 * MTU (1280) minus the IPv6 header (40) minus the fragment header (8). The
 * service rejects SVM-origin quotes whose compiled deposit transaction is larger
 * (service interface: SVM rules, Endpoints). Equal to `@solana/kit`'s legacy/v0 limit (kit 8.x no
 * longer exports a `TRANSACTION_SIZE_LIMIT` constant; its
 * `getTransactionSizeLimit(tx)` returns this value for legacy and v0
 * transactions, which the tests check).
 *
 * NOTE: kit allows 4096 bytes for version 1 transactions. The service's gate is
 * 1232 bytes whatever the version, and so is every check in this module.
 */
export const SVM_TX_SIZE_LIMIT = 1232;

/**
 * Address of the SVM native token in quote requests (service interface: SVM rules): the 32-character
 * all-ones base58 form, which is 32 zero bytes, the same `bytes32` as the EVM
 * zero address in the attestation.
 */
export const SVM_NATIVE_TOKEN =
  "11111111111111111111111111111111" as Address<"11111111111111111111111111111111">;

/** Decimals of the SVM native token (service interface: SVM rules). */
export const SVM_NATIVE_TOKEN_DECIMALS = 9;

/** Decimals of the wrapped SVM native token (service interface: SVM rules). */
export const SVM_WRAPPED_NATIVE_TOKEN_DECIMALS = 9;

/** Decimals of the stable tokens on the SVM chain (service interface: SVM rules). */
export const SVM_STABLE_TOKEN_DECIMALS = 6;

/**
 * Bytes a client should budget for the compute-budget instructions it adds to a
 * quoted transaction (service interface: SVM rules, Endpoints: "about 60 bytes"). A unit-limit plus a
 * unit-price instruction measure 52 bytes when the compute-budget program is
 * not yet among the transaction's accounts (32-byte program address + two
 * 3-byte instruction headers + 5 + 9 data bytes) and less when it is; 60 leaves
 * headroom for a longer instruction-count or account-count prefix.
 */
export const COMPUTE_BUDGET_INSTRUCTIONS_BYTES = 60;
