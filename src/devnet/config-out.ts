/**
 * The devnet's machine-readable description, as `attestkit devnet --config-out FILE` writes it (the
 * counterpart of anvil's `--config-out`): every endpoint, chain id and protocol chain id, contract and
 * program address, development key and the API key. Scripts and test setups read this file instead of
 * the banner; `DevnetConfigSchema` parses it, `devnetConfig` builds the same object from a running
 * devnet in process.
 */
import { writeFile } from "node:fs/promises";
import * as z from "zod";
import { SVM_CHAIN_ID } from "../svm/index.ts";
import {
  DEVNET_DERIVATION_PATH,
  DEVNET_MNEMONIC,
  EVM_ROLE_NAMES,
  type EvmRole,
  evmDevAccount,
  SVM_ROLE_NAMES,
  type SvmRole,
  svmDevSecretKey,
} from "./accounts.ts";
import type { EvmDevChain } from "./evm-chain.ts";
import type { SvmChainBase } from "./svm-chain.ts";

/** The format's version: a reader refuses a file of another version. */
export const DEVNET_CONFIG_VERSION = 1;

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const evmKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const svmAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
const url = z.url();
const token = (address: z.ZodString) =>
  z.object({ symbol: z.string(), decimals: z.number().int().min(0).max(255), address });

export const DevnetConfigSchema = z.object({
  version: z.literal(DEVNET_CONFIG_VERSION),
  service: z.object({
    url,
    /** The devnet's API key (fast fill, webhooks). */
    apiKey: z.string().min(1),
    openApiUrl: url,
    /** The status WebSocket (`connectStatusFeed`), on the service's port. */
    statusWebSocketUrl: url,
  }),
  evm: z.array(
    z.object({
      chainId: z.number().int().positive(),
      /** The protocol's name of the chain (orders' `chainId` strings). */
      protocolChainId: z.string().min(1),
      rpcUrl: url,
      wsUrl: url,
      contracts: z.object({
        receiver: evmAddress,
        depository: evmAddress,
        depositAddressFactory: evmAddress.optional(),
        depositAddressImplementation: evmAddress.optional(),
      }),
      tokens: z.array(token(evmAddress)),
    }),
  ),
  svm: z.object({
    chainId: z.literal(SVM_CHAIN_ID),
    protocolChainId: z.literal("solana"),
    rpcUrl: url,
    wsUrl: url,
    programs: z.object({
      receiver: svmAddress,
      receiverConfig: svmAddress,
      depository: svmAddress.optional(),
      depositoryVault: svmAddress.optional(),
    }),
    tokens: z.array(token(svmAddress)),
  }),
  solver: z.object({ evm: evmAddress, svm: svmAddress }),
  accounts: z.object({
    evm: z.array(
      z.object({
        role: z.enum(EVM_ROLE_NAMES as [EvmRole, ...EvmRole[]]),
        address: evmAddress,
        privateKey: evmKey,
      }),
    ),
    /** Secret keys are 64 bytes in base58, the form wallets and the Solana CLI import. */
    svm: z.array(
      z.object({
        role: z.enum(SVM_ROLE_NAMES as [SvmRole, ...SvmRole[]]),
        address: svmAddress,
        secretKey: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      }),
    ),
  }),
  /** Where the EVM keys come from (as anvil's `wallet`). */
  wallet: z.object({ mnemonic: z.string(), derivationPath: z.string() }),
});

export type DevnetConfig = z.infer<typeof DevnetConfigSchema>;

/** What `devnetConfig` reads of a running devnet (`Devnet` has it all). */
export interface DevnetConfigSource {
  serviceUrl: string;
  apiKey: string;
  evm: ReadonlyMap<number, EvmDevChain>;
  svm: SvmChainBase;
  solver: { evm: string; svm: string };
}

/** The `--config-out` object of a running devnet, checked against `DevnetConfigSchema`. */
export function devnetConfig(devnet: DevnetConfigSource): DevnetConfig {
  const { svm } = devnet;
  return DevnetConfigSchema.parse({
    version: DEVNET_CONFIG_VERSION,
    service: {
      url: devnet.serviceUrl,
      apiKey: devnet.apiKey,
      openApiUrl: `${devnet.serviceUrl}/openapi.json`,
      statusWebSocketUrl: `${devnet.serviceUrl.replace(/^http/, "ws")}/`,
    },
    evm: [...devnet.evm.values()].map((chain) => ({
      chainId: chain.chainId,
      protocolChainId: chain.name,
      rpcUrl: chain.rpcUrl,
      wsUrl: chain.wsUrl,
      contracts: {
        receiver: chain.receiver,
        depository: chain.depository,
        ...(chain.depositAddressFactory === undefined
          ? {}
          : {
              depositAddressFactory: chain.depositAddressFactory,
              depositAddressImplementation: chain.depositAddressImplementation,
            }),
      },
      tokens: chain.tokens.map(({ symbol, decimals, address }) => ({ symbol, decimals, address })),
    })),
    svm: {
      chainId: SVM_CHAIN_ID,
      protocolChainId: "solana",
      rpcUrl: svm.rpcUrl,
      wsUrl: svm.wsUrl,
      programs: {
        receiver: svm.receiverProgram,
        receiverConfig: svm.receiverConfig,
        ...(svm.depository
          ? { depository: svm.depository.program, depositoryVault: svm.depository.vault }
          : {}),
      },
      tokens: [{ symbol: "USDC", decimals: svm.usdc.decimals, address: svm.usdc.mint }],
    },
    solver: devnet.solver,
    accounts: {
      evm: EVM_ROLE_NAMES.map((role) => {
        const { address, privateKey } = evmDevAccount(role);
        return { role, address, privateKey };
      }),
      svm: SVM_ROLE_NAMES.map((role) => ({
        role,
        address: svm.accounts[role].address,
        secretKey: svmDevSecretKey(svm.accounts[role], role),
      })),
    },
    wallet: { mnemonic: DEVNET_MNEMONIC, derivationPath: DEVNET_DERIVATION_PATH },
  });
}

/** Writes `config` to `file` as indented JSON (owner-only: it holds the development keys). */
export async function writeDevnetConfig(file: string, config: DevnetConfig): Promise<void> {
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}
