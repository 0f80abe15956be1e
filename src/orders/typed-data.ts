/**
 * EIP-712 types of a `"v1"` order, member for member as the service hashes
 * them. The order id is `hashStruct(Order)` over these, with no domain.
 */
export const ORDER_V1_TYPES = {
  Order: [
    { name: "version", type: "string" },
    { name: "solverChainId", type: "string" },
    { name: "solver", type: "address" },
    { name: "salt", type: "uint256" },
    { name: "inputs", type: "Input[]" },
    { name: "output", type: "Output" },
    { name: "fees", type: "Fee[]" },
  ],
  Input: [
    { name: "payment", type: "InputPayment" },
    { name: "refunds", type: "InputRefund[]" },
  ],
  InputPayment: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
    { name: "weight", type: "uint256" },
  ],
  InputRefund: [
    { name: "chainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "deadline", type: "uint32" },
    { name: "extraData", type: "bytes" },
  ],
  Output: [
    { name: "chainId", type: "string" },
    { name: "payments", type: "OutputPayment[]" },
    { name: "deadline", type: "uint32" },
    { name: "calls", type: "bytes[]" },
    { name: "extraData", type: "bytes" },
  ],
  OutputPayment: [
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "expectedAmount", type: "uint256" },
  ],
  Fee: [
    { name: "recipientChainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currencyChainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
  ],
} as const;

/**
 * EIP-712 types of a `"v2"` order (the settlement SDK's next format): one
 * relayer with exclusive filling rights, one deadline shared by filling and
 * refunding, one input, refund options, and an output split into the minimum
 * withdrawn from the depository (`withdraw`) and what the fill must deliver
 * (`fill`: currency, minimum, recipient and the user's calls). `Fee` is v1's.
 */
export const ORDER_V2_TYPES = {
  Order: [
    { name: "version", type: "string" },
    { name: "relayerChainId", type: "string" },
    { name: "relayer", type: "address" },
    { name: "salt", type: "uint256" },
    { name: "deadline", type: "uint32" },
    { name: "input", type: "Input" },
    { name: "refunds", type: "Refund[]" },
    { name: "output", type: "Output" },
    { name: "fees", type: "Fee[]" },
  ],
  Input: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
  ],
  Refund: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "recipient", type: "bytes" },
  ],
  Output: [
    { name: "chainId", type: "string" },
    { name: "withdraw", type: "Withdraw" },
    { name: "fill", type: "Fill" },
  ],
  Withdraw: [
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
  ],
  Fill: [
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "recipient", type: "bytes" },
    { name: "calls", type: "bytes[]" },
  ],
  Fee: ORDER_V1_TYPES.Fee,
} as const;

/**
 * Order formats by `version`: a new format is a new entry here, with its
 * types (and its encoder in `encode-order.ts`, which the compiler asks for).
 */
export const ORDER_FORMATS = { v1: ORDER_V1_TYPES, v2: ORDER_V2_TYPES } as const;

export type OrderVersion = keyof typeof ORDER_FORMATS;

/** Every order version attestkit encodes, oldest first. */
export const ORDER_VERSIONS = Object.keys(ORDER_FORMATS) as readonly OrderVersion[];
