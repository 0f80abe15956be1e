/**
 * A `"v2"` order's Borsh bytes, as the order depositor's `compute_order_id` reads them after its
 * discriminator (the interface crate's `order::v2` layout: the EIP-712 members in order, strings and
 * bytes with a u32 length, uint256 as 32 big-endian bytes, `relayer` as 20 bytes). The IDL types
 * `compute_order_id`'s argument as the v1 `Order`, so codama has no v2 codec: this is it.
 */
import {
  addEncoderSizePrefix,
  type Encoder,
  fixEncoderSize,
  getArrayEncoder,
  getBytesEncoder,
  getStructEncoder,
  getU32Encoder,
  getUtf8Encoder,
  type ReadonlyUint8Array,
  transformEncoder,
} from "@solana/kit";
import { hexToBytes, numberToBytes } from "viem";
import type { EncodedOrderV2 } from "../orders/types.ts";
import { getFeeEncoder } from "./generated/index.ts";

const text = () => addEncoderSizePrefix(getUtf8Encoder(), getU32Encoder());
const bytes = () =>
  transformEncoder(addEncoderSizePrefix(getBytesEncoder(), getU32Encoder()), (hex: `0x${string}`) =>
    hexToBytes(hex),
  );
const fixed = (size: number) =>
  transformEncoder(fixEncoderSize(getBytesEncoder(), size), (hex: `0x${string}`) => hexToBytes(hex));
const word = () =>
  transformEncoder(fixEncoderSize(getBytesEncoder(), 32), (value: bigint) =>
    numberToBytes(value, { size: 32 }),
  );
const list = <T>(item: Encoder<T>) => getArrayEncoder(item, { size: getU32Encoder() });

const ORDER_V2_ENCODER = /* @__PURE__ */ getStructEncoder([
  ["version", text()],
  ["relayerChainId", text()],
  ["relayer", fixed(20)],
  ["salt", word()],
  ["deadline", getU32Encoder()],
  [
    "input",
    getStructEncoder([
      ["chainId", text()],
      ["currency", bytes()],
      ["amount", word()],
    ]),
  ],
  [
    "refunds",
    list(
      getStructEncoder([
        ["chainId", text()],
        ["currency", bytes()],
        ["minimumAmount", word()],
        ["recipient", bytes()],
      ]),
    ),
  ],
  [
    "output",
    getStructEncoder([
      ["chainId", text()],
      [
        "withdraw",
        getStructEncoder([
          ["currency", bytes()],
          ["minimumAmount", word()],
        ]),
      ],
      [
        "fill",
        getStructEncoder([
          ["currency", bytes()],
          ["minimumAmount", word()],
          ["recipient", bytes()],
          ["calls", list(bytes())],
        ]),
      ],
    ]),
  ],
  [
    "fees",
    list(
      transformEncoder(getFeeEncoder(), (fee: EncodedOrderV2["fees"][number]) => ({
        ...fee,
        recipient: hexToBytes(fee.recipient),
        currency: hexToBytes(fee.currency),
        amount: numberToBytes(fee.amount, { size: 32 }),
      })),
    ),
  ],
]);

/** The Borsh bytes of a v2 order, the `order` argument `compute_order_id` hashes to the v2 id. */
export function encodeOrderV2Borsh(order: EncodedOrderV2): ReadonlyUint8Array {
  return ORDER_V2_ENCODER.encode(order);
}
