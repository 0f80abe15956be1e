/** GET /requests/{requestId}/signature: the solver attestation (service interface: Attestation). */
import * as z from "zod";
import {
  AddressSchema,
  ChainIdSchema,
  HexSignatureSchema,
  IntegerStringSchema,
  RequestIdSchema,
} from "./primitives.ts";

/** Path parameters of GET /requests/{requestId}/signature. */
export const SignatureParamsSchema = z
  .object({ requestId: RequestIdSchema })
  .meta({ id: "SignatureParams", description: "Path parameters of GET /requests/{requestId}/signature." });
export type SignatureParams = z.infer<typeof SignatureParamsSchema>;

/**
 * The attested request parameters (2.10). Addresses are as the API gives them (EVM hex, SVM
 * base58); the attestation module turns them into `bytes32` by chain id.
 */
export const RequestDataSchema = z
  .object({
    originChainId: ChainIdSchema,
    originUser: AddressSchema,
    originCurrency: AddressSchema,
    originAmount: IntegerStringSchema.describe("Amount in the smallest unit of the origin currency."),
    destinationChainId: ChainIdSchema,
    destinationUser: AddressSchema,
  })
  .meta({ id: "RequestData", description: "Request parameters the solver attests to." });
export type RequestData = z.infer<typeof RequestDataSchema>;

/** Response of GET /requests/{requestId}/signature: `{ requestData, signature }`. */
export const SignatureResponseSchema = z
  .object({
    requestData: RequestDataSchema,
    signature: HexSignatureSchema.describe(
      "EIP-191 personal-message signature by the solver over keccak256 of the ABI-encoded request data.",
    ),
  })
  .meta({ id: "SignatureResponse", description: "Solver attestation of a request." });
export type SignatureResponse = z.infer<typeof SignatureResponseSchema>;
