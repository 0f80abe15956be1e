/**
 * Mock token registry and prices. Known currencies per chain with fixed USD prices; an unknown token
 * is priced as a generic 18-decimal token at 1 USD so locally deployed test tokens quote without
 * setup (register them with `tokens` for real symbols and decimals).
 */
import { formatUnits, zeroAddress } from "viem";
import { APP_BALANCE_CHAIN_ID } from "../funding/index.ts";
import type { Currency, CurrencyAmount } from "../schemas/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../svm/index.ts";

/** A token the mock knows, with its mock USD price. */
export interface TokenInfo {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Price of one whole token in USD, as a decimal string (e.g. "3000", "0.999"). */
  priceUsd: string;
  isNative?: boolean;
}

const LOGO = "https://attestkit.invalid/logo.png";
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const SVM_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const SVM_WRAPPED_NATIVE = "So11111111111111111111111111111111111111112";

const NATIVE_BY_CHAIN: Record<number, { symbol: string; name: string; priceUsd: string }> = {
  137: { symbol: "POL", name: "Polygon Ecosystem Token", priceUsd: "0.5" },
};

/** Tokens every mock instance knows. */
export const DEFAULT_TOKENS: readonly TokenInfo[] = [
  {
    chainId: 1,
    address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    priceUsd: "1",
  },
  {
    chainId: 1,
    address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    symbol: "WETH",
    name: "Wrapped Ether",
    decimals: 18,
    priceUsd: "3000",
  },
  {
    chainId: APP_BALANCE_CHAIN_ID,
    address: USDC_BASE,
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    priceUsd: "1",
  },
  {
    chainId: 10,
    address: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    priceUsd: "1",
  },
  {
    chainId: 42161,
    address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    priceUsd: "1",
  },
  {
    chainId: SVM_CHAIN_ID,
    address: SVM_NATIVE_TOKEN,
    symbol: "SOL",
    name: "Solana",
    decimals: 9,
    priceUsd: "150",
    isNative: true,
  },
  {
    chainId: SVM_CHAIN_ID,
    address: SVM_WRAPPED_NATIVE,
    symbol: "WSOL",
    name: "Wrapped SOL",
    decimals: 9,
    priceUsd: "150",
  },
  { chainId: SVM_CHAIN_ID, address: SVM_USDC, symbol: "USDC", name: "USD Coin", decimals: 6, priceUsd: "1" },
];

/** The app balance is kept in USDC on chain 8453 (micro-USD units). */
export const APP_BALANCE_CURRENCY: Currency = {
  chainId: APP_BALANCE_CHAIN_ID,
  address: USDC_BASE,
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  metadata: { logoURI: LOGO, verified: true },
};

const keyOf = (chainId: number, address: string) =>
  `${chainId}:${chainId === SVM_CHAIN_ID ? address : address.toLowerCase()}`;

/** Price in micro-USD per whole token, from a plain decimal string. */
function priceToMicro(priceUsd: string): bigint {
  const [whole = "0", fraction = ""] = priceUsd.split(".");
  return BigInt(whole) * 1_000_000n + BigInt((fraction + "000000").slice(0, 6));
}

/** A resolved currency with its price. */
export interface PricedCurrency {
  currency: Currency;
  priceMicroUsd: bigint;
  isNative: boolean;
  known: boolean;
}

/** Looks tokens up by chain and address; case-insensitive on EVM, exact on the SVM chain. */
export class TokenRegistry {
  #tokens = new Map<string, PricedCurrency>();

  constructor(tokens: readonly TokenInfo[] = []) {
    for (const token of [...DEFAULT_TOKENS, ...tokens]) {
      this.#tokens.set(keyOf(token.chainId, token.address), {
        currency: {
          chainId: token.chainId,
          address: token.address,
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          metadata: { logoURI: LOGO, verified: true },
        },
        priceMicroUsd: priceToMicro(token.priceUsd),
        isNative: token.isNative ?? false,
        known: true,
      });
    }
  }

  /** The currency at `address` on `chainId`: registered, native, or a generic 1-USD token. */
  resolve(chainId: number, address: string): PricedCurrency {
    const found = this.#tokens.get(keyOf(chainId, address));
    if (found) return found;
    const native =
      chainId === SVM_CHAIN_ID ? address === SVM_NATIVE_TOKEN : address.toLowerCase() === zeroAddress;
    if (native) {
      const info = NATIVE_BY_CHAIN[chainId] ?? { symbol: "ETH", name: "Ether", priceUsd: "3000" };
      return {
        currency: {
          chainId,
          address,
          symbol: info.symbol,
          name: info.name,
          decimals: 18,
          metadata: { logoURI: LOGO, verified: true },
        },
        priceMicroUsd: priceToMicro(info.priceUsd),
        isNative: true,
        known: true,
      };
    }
    return {
      currency: {
        chainId,
        address,
        symbol: "TKN",
        name: "Test Token",
        // Unknown tokens: 6 decimals on the SVM chain (the common SPL case), 18 on EVM chains.
        decimals: chainId === SVM_CHAIN_ID ? 6 : 18,
        metadata: { logoURI: LOGO, verified: false },
      },
      priceMicroUsd: 1_000_000n,
      isNative: false,
      known: false,
    };
  }
}

/** USD value of `amount` smallest units, in micro-USD. */
export function toMicroUsd(priced: PricedCurrency, amount: bigint): bigint {
  return (amount * priced.priceMicroUsd) / 10n ** BigInt(priced.currency.decimals);
}

/** Converts micro-USD to smallest units of `priced` (rounding down). */
export function fromMicroUsd(priced: PricedCurrency, microUsd: bigint): bigint {
  if (priced.priceMicroUsd === 0n) return 0n;
  return (microUsd * 10n ** BigInt(priced.currency.decimals)) / priced.priceMicroUsd;
}

/** A currency amount (service interface: Endpoints). */
export function currencyAmount(
  priced: PricedCurrency,
  amount: bigint,
  minimumAmount = amount,
): CurrencyAmount {
  return {
    currency: priced.currency,
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, priced.currency.decimals),
    amountUsd: formatUnits(toMicroUsd(priced, amount), 6),
    minimumAmount: minimumAmount.toString(),
  };
}

/** Formats micro-USD as a plain decimal string. */
export const formatMicroUsd = (micro: bigint): string => formatUnits(micro, 6);
