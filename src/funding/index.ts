export { APP_BALANCE_CHAIN_ID, APP_BALANCE_FUNDING_MARKER } from "./constants.ts";
export { type DecodedAppBalanceFunding, decodeAppBalanceFundingCalldata } from "./decode.ts";
export { type AppBalanceFunding, encodeAppBalanceFundingCalldata } from "./encode.ts";
