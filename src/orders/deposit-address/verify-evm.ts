/**
 * Whether a sweep deposited a strict deposit address's funds under its order for its depositor, read
 * from the depository's own deposit events in the sweep, measured by what left the address into the
 * depository (ERC-20: the token's `Transfer` logs from the address; native: the value the address's
 * calls carried into the depository, from the call trace), never by the amount an event claims. With
 * `payment`, the user's plain transfer to the address is checked too: it went to the address the
 * order and depositor derive, in the order's currency, before the sweep, which deposited at least it.
 */
import { decodeEventLog, getAddress, type Hex, zeroAddress } from "viem";
import { parseEvmAddress } from "../../address/index.ts";
import { CANONICAL_EVM_DEPOSITORY, RELAY_DEPOSITORY_ABI } from "../depository-evm.ts";
import { decodeErc20Transfer } from "../leg-facts-evm.ts";
import { fetchEvmLegEvidence } from "../leg-fetch.ts";
import { parseOrderId } from "../signature.ts";
import type { EvmLegEvidence, EvmLegLog } from "../verify-leg-types.ts";
import { predictEvmDepositAddress } from "./evm.ts";
import type {
  DepositAddressCheckFailure,
  DepositAddressVerification,
  EvmTxSource,
  VerifyDepositAddressSweepParams,
} from "./verify-types.ts";

const same = (a: string | null | undefined, b: string) =>
  typeof a === "string" && a.toLowerCase() === b.toLowerCase();

async function evidenceOf(
  source: EvmTxSource,
  client: VerifyDepositAddressSweepParams["client"],
): Promise<EvmLegEvidence | null> {
  if (typeof source !== "string") return source;
  if (client === undefined) throw new TypeError("a transaction given by hash needs `client` to be read");
  return fetchEvmLegEvidence(client, source);
}

/** The depository's deposit events in `logs`. */
function depositsOf(logs: readonly EvmLegLog[], depository: string) {
  return logs.flatMap((log) => {
    if (!same(log.address, depository)) return [];
    try {
      const { eventName, args } = decodeEventLog({
        abi: RELAY_DEPOSITORY_ABI,
        topics: log.topics as [Hex],
        data: log.data,
      });
      if (args === undefined) return [];
      if (eventName === "RelayNativeDeposit")
        return [{ depositor: args.from, currency: zeroAddress as string, id: args.id }];
      if (eventName === "RelayErc20Deposit")
        return [{ depositor: args.from, currency: args.token as string, id: args.id }];
    } catch {}
    return [];
  });
}

/** The token's `Transfer` value from `from` (any when null) to `to` in `logs`. */
function transferred(logs: readonly EvmLegLog[], token: string, from: string | null, to: string): bigint {
  let sum = 0n;
  for (const log of logs) {
    if (!same(log.address, token)) continue;
    const transfer = decodeErc20Transfer(log as Parameters<typeof decodeErc20Transfer>[0]);
    if (transfer !== null && same(transfer.to, to) && (from === null || same(transfer.from, from)))
      sum += transfer.value;
  }
  return sum;
}

/**
 * Checks a deposit address's sweep (and the payment it swept). Every failed check is reported as a
 * typed reason, root cause first. Throws only for malformed parameters (a typed address or order id
 * error) or a hash given without `client`.
 */
export async function verifyDepositAddressSweep(
  params: VerifyDepositAddressSweepParams,
): Promise<DepositAddressVerification> {
  const orderId = parseOrderId(params.orderId);
  const depositor = parseEvmAddress(params.depositor, "depositor");
  const currency = parseEvmAddress(params.currency, "currency");
  const depository = parseEvmAddress(params.depository ?? getAddress(CANONICAL_EVM_DEPOSITORY), "depository");
  const minimum = params.minimumAmount === undefined ? null : BigInt(params.minimumAmount);
  const address = predictEvmDepositAddress({ vm: "evm", ...params, orderId, depositor });
  const native = currency === zeroAddress;
  const failures: DepositAddressCheckFailure[] = [];
  const fail = (
    code: DepositAddressCheckFailure["code"],
    message: string,
    expected?: unknown,
    actual?: unknown,
  ) =>
    failures.push({
      code,
      message,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
    });
  const hashOf = (source: EvmTxSource) => (typeof source === "string" ? source : source.transaction.hash);
  const result = (deposited: bigint, paid: bigint | null): DepositAddressVerification => ({
    ok: failures.length === 0,
    address,
    sweepTxHash: hashOf(params.sweep),
    paymentTxHash: params.payment === undefined ? null : hashOf(params.payment),
    deposited,
    paid,
    failures,
  });

  let paid: bigint | null = null;
  let paymentBlock: bigint | null = null;
  if (params.payment !== undefined) {
    const payment = await evidenceOf(params.payment, params.client);
    if (payment === null) fail("TX_NOT_FOUND", `payment ${hashOf(params.payment)} is not on the chain`);
    else if (payment.receipt.status !== "success") fail("TX_FAILED", "the payment reverted: it paid nothing");
    else {
      paymentBlock = payment.receipt.blockNumber;
      paid = native
        ? same(payment.transaction.to, address)
          ? payment.transaction.value
          : 0n
        : transferred(payment.receipt.logs, currency, null, address);
      if (paid === 0n) {
        const otherToken =
          !native && payment.transaction.value === 0n && !same(payment.transaction.to, currency);
        if (native ? payment.transaction.value > 0n : !otherToken)
          fail(
            "DEPOSIT_ADDRESS_MISMATCH",
            "the payment did not reach the deposit address of this order and depositor",
            address,
            native ? payment.transaction.to : "no Transfer of the currency to it",
          );
        else
          fail(
            "PAYMENT_CURRENCY_MISMATCH",
            "the payment did not pay the order's currency",
            currency,
            payment.transaction.to,
          );
      }
    }
  }

  const sweep = await evidenceOf(params.sweep, params.client);
  if (sweep === null) {
    fail("TX_NOT_FOUND", `sweep ${hashOf(params.sweep)} is not on the chain`);
    return result(0n, paid);
  }
  if (sweep.receipt.status !== "success") {
    fail("TX_FAILED", "the sweep reverted: it deposited nothing");
    return result(0n, paid);
  }
  if (paymentBlock !== null && paymentBlock > sweep.receipt.blockNumber) {
    fail(
      "SWEEP_BEFORE_PAYMENT",
      "the sweep landed before the payment: it cannot have moved it",
      `>= ${paymentBlock}`,
      sweep.receipt.blockNumber,
    );
  }
  const underOrder = depositsOf(sweep.receipt.logs, depository).filter((deposit) =>
    same(deposit.id, orderId),
  );
  if (underOrder.length === 0) {
    fail(
      "NO_DEPOSIT_UNDER_ORDER",
      "the depository recorded no deposit under the order id in the sweep",
      orderId,
    );
    return result(0n, paid);
  }
  for (const deposit of underOrder) {
    if (!same(deposit.depositor, depositor))
      fail(
        "DEPOSITOR_MISMATCH",
        "a deposit under the order credits another depositor",
        depositor,
        deposit.depositor,
      );
    if (!same(deposit.currency, currency))
      fail(
        "DEPOSIT_CURRENCY_MISMATCH",
        "a deposit under the order is in another currency",
        currency,
        deposit.currency,
      );
  }
  let deposited: bigint;
  if (native) {
    if (sweep.internalTransfers === undefined) {
      fail(
        "DEPOSIT_SOURCE_UNKNOWN",
        "a native deposit's source needs the sweep's call trace, which the node did not give",
      );
      return result(0n, paid);
    }
    deposited = sweep.internalTransfers
      .filter((call) => same(call.to, depository) && same(call.from, address))
      .reduce((sum, call) => sum + call.value, 0n);
  } else deposited = transferred(sweep.receipt.logs, currency, address, depository);
  if (deposited === 0n) {
    fail(
      "DEPOSIT_NOT_FROM_ADDRESS",
      "nothing the depository received in the sweep came from the deposit address",
      address,
    );
    return result(0n, paid);
  }
  if (paid !== null && paid > 0n && deposited < paid)
    fail("DEPOSIT_BELOW_PAYMENT", "the sweep deposited less than the payment", `>= ${paid}`, deposited);
  if (minimum !== null && deposited < minimum)
    fail("DEPOSIT_BELOW_MINIMUM", "the sweep deposited less than the minimum", `>= ${minimum}`, deposited);
  return result(deposited, paid);
}
