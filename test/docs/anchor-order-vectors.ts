// Cases for the guide's Anchor order sample (test/docs/anchor-sample/order-gate/tests/vectors.rs): orders the
// library encodes with encodeOrderBorsh and signs with a mock solver key, one line each:
// `expected borsh order_id signature solver payer now amount`.
import { bytesToHex, type Hex, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { encodeOrderBorsh } from "../../src/order-depositor/order.ts";
import { hashEncodedOrder } from "../../src/orders/order-id.ts";
import { signOrderId } from "../../src/orders/signature.ts";
import type { EncodedOrder } from "../../src/orders/types.ts";
import { mockSolverKey } from "../../src/testing/keys.ts";

const SOLVER = mockSolverKey("anchor-order-gate.solver");
const STRANGER = mockSolverKey("anchor-order-gate.stranger");
const NOW = 1_800_000_000;
const AMOUNT = 1_000_000n;
const PAYER: Hex = pad("0x5a", { size: 32 });
const NATIVE: Hex = pad("0x", { size: 32 });

/** A native order paying "solana", refunded there to PAYER, after `change`. */
function order(change: (o: EncodedOrder) => void = () => {}): EncodedOrder {
  const o: EncodedOrder = {
    version: "v1",
    solverChainId: "base",
    solver: privateKeyToAccount(SOLVER).address,
    salt: 0x1234n,
    inputs: [
      {
        payment: { chainId: "solana", currency: NATIVE, amount: AMOUNT, weight: 1n },
        refunds: [
          {
            chainId: "solana",
            recipient: PAYER,
            currency: NATIVE,
            minimumAmount: 0n,
            deadline: NOW + 3600,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "ethereum",
      payments: [
        {
          recipient: "0x00000000000000000000000000000000000000d5",
          currency: "0x0000000000000000000000000000000000000000",
          minimumAmount: AMOUNT - 10n,
          expectedAmount: AMOUNT - 5n,
        },
      ],
      deadline: NOW + 600,
      calls: [],
      extraData: "0x",
    },
    fees: [],
  };
  change(o);
  return o;
}

/** Every field of the Borsh layout in use: two inputs and refunds, two outputs, a fee, extra data and a call. */
function rich(o: EncodedOrder): void {
  const own = o.inputs[0] as EncodedOrder["inputs"][number];
  o.inputs = [
    { ...own, payment: { ...own.payment, chainId: "optimism", amount: 7n, weight: 3n } },
    {
      ...own,
      refunds: [
        {
          ...(own.refunds[0] as EncodedOrder["inputs"][number]["refunds"][number]),
          chainId: "base",
          extraData: "0xbeef",
        },
        ...own.refunds,
      ],
    },
  ];
  o.output.payments.push({
    recipient: "0x00000000000000000000000000000000000000d6",
    currency: "0x01",
    minimumAmount: 1n,
    expectedAmount: 2n ** 255n,
  });
  o.output.calls = ["0xdeadbeef"];
  o.output.extraData = "0x0102";
  o.fees = [
    {
      recipientChainId: "base",
      recipient: "0x00000000000000000000000000000000000000fe",
      currencyChainId: "base",
      currency: "0x",
      amount: 42n,
    },
  ];
}

async function line(
  expected: string,
  o: EncodedOrder,
  options: { key?: Hex; signed?: EncodedOrder; payer?: Hex } = {},
) {
  const id = hashEncodedOrder(o);
  const signature = await signOrderId(
    privateKeyToAccount(options.key ?? SOLVER),
    hashEncodedOrder(options.signed ?? o),
  );
  const solver = privateKeyToAccount(SOLVER).address;
  const borsh = bytesToHex(encodeOrderBorsh(o));
  return [expected, borsh, id, signature, solver, options.payer ?? PAYER, NOW, AMOUNT].join(" ");
}

/** The vectors file's text. */
export async function orderGateVectors(): Promise<string> {
  const valid = order();
  const lines = [
    await line("Ok", valid),
    await line(
      "Ok",
      order((o) => {
        o.output.deadline = NOW;
      }),
    ),
    await line("OutputCalls", order(rich)),
    await line(
      "NotTheSolver",
      order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.amount = 1n;
      }),
      { signed: valid },
    ),
    await line("NotTheSolver", valid, { key: STRANGER }),
    await line(
      "NotTheSolver",
      order((o) => {
        o.solver = privateKeyToAccount(STRANGER).address;
      }),
    ),
    await line("PayerNotRefundRecipient", valid, { payer: pad("0x5b", { size: 32 }) }),
    await line(
      "Expired",
      order((o) => {
        o.output.deadline = NOW - 1;
      }),
    ),
    await line(
      "NotNative",
      order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.currency = pad("0x7e", { size: 32 });
      }),
    ),
    await line(
      "NoInputHere",
      order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.chainId = "optimism";
      }),
    ),
  ];
  return `${lines.join("\n")}\n`;
}
