export { encodeOrderAbi, PROTOCOL_ORDER_ABI_PARAMETER, PROTOCOL_ORDER_V2_ABI_PARAMETER } from "./abi.ts";
export { encodeOrderAddress, encodeOrderAddressBytes, formatOrderAddress } from "./address/index.ts";
export { formatTonRawAddress } from "./address/ton.ts";
export { formatXrpXAddress } from "./address/xrp.ts";
export {
  type AttestationV2Fields,
  type AttestationV2MigrationOptions,
  orderChecksFromAttestationV2,
} from "./attestation-v2-migration.ts";
export {
  chainVmTypesFromChains,
  depositoriesFromChains,
  type OrderChain,
  orderChainsFromChains,
} from "./chains.ts";
export {
  CANONICAL_EVM_DEPOSITORY,
  decodeEvmDepositCall,
  type EvmDepositCall,
  RELAY_DEPOSITORY_ABI,
} from "./depository-evm.ts";
export {
  decodeSvmDepositInstruction,
  encodeSvmDepositData,
  type QuoteSvmInstruction,
  SVM_DEPOSIT_ACCOUNTS,
  SVM_DEPOSIT_DISCRIMINATORS,
  SVM_DEPOSITORY_PROGRAM,
  type SvmDepositInstruction,
} from "./depository-svm.ts";
export { type EncodeOrderOptions, encodeOrder } from "./encode-order.ts";
export * from "./errors.ts";
export {
  CANONICAL_EVM_ROUTER_V3_2,
  DEFAULT_ROUTER_SHAPE,
  decodeFillContractExtraData,
  decodeOrderCall,
  encodeFillContractExtraData,
  encodeOrderCall,
  FILL_ROUTER_ABI,
  type OrderCall,
  ROUTER_SHAPES,
  type RouterShape,
  SOLVER_CALL_EXECUTED_V3_1_ABI,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
  SOLVER_NATIVE_TRANSFER_ABI,
} from "./fill-router.ts";
export {
  decodeErc20Transfer,
  ERC20_TRANSFER_TOPIC,
  LEG_EVENTS_ABI,
} from "./leg-facts-evm.ts";
export { SVM_MEMO_PROGRAM } from "./leg-facts-svm.ts";
export { fetchEvmLegEvidence, fetchSvmLegEvidence } from "./leg-fetch.ts";
export { createLegLedger } from "./leg-ledger.ts";
export { type FillTerms, ORDER_LEG_TERMS, type RefundTerms } from "./leg-terms.ts";
export { getOrderDeadline } from "./order-deadline.ts";
export { getOrderId, hashEncodedOrder } from "./order-id.ts";
export {
  type OrderIdSigner,
  parseOrderId,
  recoverOrderSigner,
  signOrderId,
  verifyOrderSignature,
} from "./signature.ts";
export {
  ORDER_FORMATS,
  ORDER_V1_TYPES,
  ORDER_V2_TYPES,
  ORDER_VERSIONS,
  type OrderVersion,
} from "./typed-data.ts";
export type * from "./types.ts";
export { verifyOrderFill } from "./verify-fill.ts";
export type * from "./verify-leg-types.ts";
export { verifyQuoteOrder } from "./verify-quote.ts";
export type * from "./verify-quote-types.ts";
export { ORDER_CHECK_CODES } from "./verify-quote-types.ts";
export { verifyOrderRefund } from "./verify-refund.ts";
export {
  type ChainVmTypes,
  isOrderVmType,
  NATIVE_CURRENCY,
  ORDER_VM_TYPES,
  type OrderVmType,
  VM_TYPE_BY_CHAINS_VM,
} from "./vm-types.ts";
