/**
 * The Permit2 route of the approval proxy: a `PermitBatchWitnessTransferFrom` whose witness,
 * `RelayerWitness`, binds the token pull to the relayer, the exact native value and the calls. Permit2
 * checks the signature and its unordered nonce on chain; this module builds the typed data and checks
 * it against the quote before anyone signs or relays it.
 */
import { type Address, type Hex, hashTypedData, isAddressEqual, recoverTypedDataAddress } from "viem";
import { failureCollector } from "../orders/check-failures.ts";
import {
  checkDomain,
  checkExecution,
  checkSigner,
  checkWindow,
  DEFAULT_MAX_VALIDITY_SECONDS,
  FIELD_CODES,
} from "./checks.ts";
import { PERMIT2_ADDRESS, permit2Domain, RELAYER_WITNESS_PERMIT_TYPES } from "./eip712-types.ts";
import {
  readAddress,
  readBytes,
  readCalls,
  readList,
  readRecord,
  readTypedData,
  readUint,
  TypedDataShapeError,
} from "./parse-typed-data.ts";
import type {
  GaslessCheckCode,
  GaslessExecution,
  GaslessExpectation,
  GaslessVerification,
  GaslessVerifyOptions,
  RelayerWitnessPermit,
} from "./types.ts";

export type RelayerWitnessTypedData = {
  domain: ReturnType<typeof permit2Domain>;
  types: typeof RELAYER_WITNESS_PERMIT_TYPES;
  primaryType: "PermitBatchWitnessTransferFrom";
  message: RelayerWitnessPermit;
};

/** The Permit2 batch permit with `RelayerWitness` for the approval proxy (the spender) on `chainId`. */
export function buildRelayerWitness(input: {
  chainId: number;
  approvalProxy: Address;
  permitted: readonly { token: Address; amount: bigint }[];
  /** Permit2's unordered nonce (any unused word/bit position of the signer). */
  nonce: bigint;
  /** Unix seconds; valid through it. */
  deadline: bigint;
  execution: GaslessExecution;
  permit2?: Address;
}): RelayerWitnessTypedData {
  const { calls, ...rest } = input.execution;
  return {
    domain: permit2Domain(input.chainId, input.permit2),
    types: RELAYER_WITNESS_PERMIT_TYPES,
    primaryType: "PermitBatchWitnessTransferFrom",
    message: {
      permitted: input.permitted,
      spender: input.approvalProxy,
      nonce: input.nonce,
      deadline: input.deadline,
      witness: { ...rest, call3Values: calls },
    },
  };
}

function parseRelayerWitness(typedData: unknown): {
  domain: Record<string, unknown>;
  message: RelayerWitnessPermit;
} {
  const { domain, message } = readTypedData(
    typedData,
    "PermitBatchWitnessTransferFrom",
    RELAYER_WITNESS_PERMIT_TYPES,
  );
  const witness = readRecord(message.witness, "witness");
  return {
    domain,
    message: {
      permitted: readList(message.permitted, "permitted").map((entry, i) => {
        const record = readRecord(entry, `permitted[${i}]`);
        return {
          token: readAddress(record.token, `permitted[${i}].token`),
          amount: readUint(record.amount, `permitted[${i}].amount`),
        };
      }),
      spender: readAddress(message.spender, "spender"),
      nonce: readUint(message.nonce, "nonce"),
      deadline: readUint(message.deadline, "deadline"),
      witness: {
        relayer: readAddress(witness.relayer, "witness.relayer"),
        msgValue: readUint(witness.msgValue, "witness.msgValue"),
        refundTo: readAddress(witness.refundTo, "witness.refundTo"),
        nftRecipient: readAddress(witness.nftRecipient, "witness.nftRecipient"),
        metadata: readBytes(witness.metadata, "witness.metadata"),
        call3Values: readCalls(witness.call3Values, "witness.call3Values"),
      },
    },
  };
}

/**
 * Checks a Permit2 `RelayerWitness` permit against the quote: Permit2's domain on the quote's chain
 * (at `permit2`, default the canonical address), the approval proxy as spender, every permitted token
 * and amount in order, the witness's relayer, exact native value, `refundTo`, `nftRecipient`, metadata
 * and calls, the deadline at `options.now` (valid through it) and no further than
 * `options.maxValiditySeconds`, and with `options.signature`, that it recovers to `expected.from`.
 * Whether the nonce is unused is Permit2's on-chain state, not checked here.
 */
export async function verifyRelayerWitness(
  typedData: unknown,
  expected: GaslessExpectation,
  options: GaslessVerifyOptions & { permit2?: Address },
): Promise<GaslessVerification> {
  const failures = failureCollector<GaslessCheckCode>();
  const { fail } = failures;
  let parsed: ReturnType<typeof parseRelayerWitness>;
  try {
    parsed = parseRelayerWitness(typedData);
  } catch (error) {
    if (!(error instanceof TypedDataShapeError)) throw error;
    fail("GASLESS_TYPED_DATA_MALFORMED", `not a RelayerWitness permit: ${error.message}`);
    return { ok: false, digest: null, failures: failures.list() };
  }
  const { message } = parsed;
  checkDomain(parsed.domain, permit2Domain(expected.chainId, options.permit2 ?? PERMIT2_ADDRESS), fail);
  if (!isAddressEqual(message.spender, expected.approvalProxy)) {
    fail("GASLESS_SPENDER_MISMATCH", "the permit names another spender than the approval proxy", {
      expected: expected.approvalProxy,
      actual: message.spender,
    });
  }
  if (message.permitted.length !== expected.funding.length) {
    fail("GASLESS_FUNDING_MISMATCH", "the permit covers another number of tokens than the quote", {
      expected: expected.funding.length,
      actual: message.permitted.length,
    });
  }
  message.permitted.forEach((entry, index) => {
    const want = expected.funding[index];
    if (want !== undefined && (!isAddressEqual(entry.token, want.token) || entry.amount !== want.value)) {
      fail("GASLESS_FUNDING_MISMATCH", `permitted token ${index} differs from the quote's`, {
        expected: `${want.value} of ${want.token}`,
        actual: `${entry.amount} of ${entry.token}`,
        index,
      });
    }
  });
  const { call3Values, ...witness } = message.witness;
  checkExecution({ ...witness, calls: call3Values }, expected, fail);
  checkWindow(
    { validAfter: null, end: message.deadline, endInclusive: true },
    options.now,
    options.maxValiditySeconds ?? DEFAULT_MAX_VALIDITY_SECONDS,
    fail,
  );
  const full = {
    domain: parsed.domain,
    types: RELAYER_WITNESS_PERMIT_TYPES,
    primaryType: "PermitBatchWitnessTransferFrom",
    message,
  } as const;
  let digest: Hex | null = null;
  try {
    digest = hashTypedData(full as Parameters<typeof hashTypedData>[0]);
  } catch {
    fail("GASLESS_TYPED_DATA_MALFORMED", "the permit's domain cannot be hashed");
  }
  if (options.signature !== undefined && digest !== null) {
    const recovered = await recoverTypedDataAddress({ ...full, signature: options.signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0]).catch(() => null);
    checkSigner(
      recovered,
      expected.from,
      FIELD_CODES.find((code) => failures.has(code)),
      fail,
    );
  }
  const list = failures.list();
  return { ok: list.length === 0, digest, failures: list };
}
