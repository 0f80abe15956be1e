/**
 * Gasless authorisations (`attestkit/gasless`): EIP-712 builders and verifiers of what a user signs for
 * the approval proxy to run their deposit, each checked against the quote it claims to authorise.
 *
 * @module gasless
 */
export { gaslessDepositCalls } from "./deposit-calls.ts";
export {
  APPROVAL_PROXY_DOMAIN_NAME,
  APPROVAL_PROXY_DOMAIN_VERSION,
  approvalProxyDomain,
  MULTICALL_AUTHORIZATION_TYPES,
  PERMIT2_ADDRESS,
  permit2Domain,
  RECEIVE_WITH_AUTHORIZATION_TYPES,
  RELAYER_WITNESS_PERMIT_TYPES,
} from "./eip712-types.ts";
export {
  buildFundingAuthorization,
  type FundingAuthorizationTypedData,
  type TokenDomain,
  verifyFundingAuthorization,
} from "./funding-authorization.ts";
export {
  buildMulticallAuthorization,
  hashMulticallAuthorization,
  type MulticallAuthorizationTypedData,
  parseMulticallAuthorization,
  verifyMulticallAuthorization,
} from "./multicall-authorization.ts";
export { TypedDataShapeError } from "./parse-typed-data.ts";
export {
  buildRelayerWitness,
  type RelayerWitnessTypedData,
  verifyRelayerWitness,
} from "./relayer-witness.ts";
export * from "./types.ts";
