import { describeValue } from "../describe.ts";
import { InvalidOrderPolicyError } from "./errors.ts";
import type { OrderPolicy, VerifyQuoteOrderOptions } from "./verify-quote-types.ts";

/**
 * The request fields a `/signature/v2` attestation signs, as an integration built on it checked them.
 * The attestation signs no amount.
 */
export type AttestationV2Fields = {
  originChainId: number;
  /** The depositing account (often the integrator's own contract). */
  originUser: string;
  originCurrency: string;
  destinationChainId: number;
  destinationUser: string;
  destinationCurrency: string;
};

export type AttestationV2MigrationOptions = {
  /** The GET /chains response, or its `orderChainsFromChains` result. */
  chains: unknown;
  /** The solver's EVM address, from your configuration (never from the quote). */
  solver: string;
  /**
   * The least `destinationCurrency` the order must deliver to `destinationUser`, in its smallest unit:
   * the amount the attestation never signed, and the check an integration gains by moving to orders.
   */
  minimumOutputAmount: bigint | string;
  /** Further policy (refund recipients, deadline margin, fill calls, ...); the mapped members win. */
  policy?: OrderPolicy;
  /** Unix seconds; defaults to the clock. */
  now?: number;
};

/**
 * The `verifyQuoteOrder` options that check on a quote's protocol order everything an integration
 * checked from a `/signature/v2` attestation: the origin chain and currency the payment is made in
 * (`policy.input`), the depositing account as the deposit's depositor (`expectedPayer`), the
 * destination chain and user (`outputChainId`, `acceptedRecipients`), and the destination currency,
 * now with the least amount delivered (`minimumOutput`). The solver's signature over the order id
 * replaces the signature over the request id.
 */
export function orderChecksFromAttestationV2(
  fields: AttestationV2Fields,
  options: AttestationV2MigrationOptions,
): VerifyQuoteOrderOptions {
  const raw = options.minimumOutputAmount;
  const amount =
    typeof raw === "bigint" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? BigInt(raw) : 0n;
  if (amount <= 0n) {
    throw new InvalidOrderPolicyError(`minimumOutputAmount must be positive, got ${describeValue(raw)}`);
  }
  return {
    chains: options.chains,
    solver: options.solver,
    expectedPayer: fields.originUser,
    ...(options.now === undefined ? {} : { now: options.now }),
    policy: {
      ...options.policy,
      input: { chainId: fields.originChainId, currency: fields.originCurrency },
      outputChainId: fields.destinationChainId,
      acceptedRecipients: [fields.destinationUser],
      minimumOutput: { currency: fields.destinationCurrency, amount },
    },
  };
}
