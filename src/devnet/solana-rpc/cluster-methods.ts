/**
 * The cluster and supply methods of the Solana RPC on a single-node chain: the node is the leader of
 * every slot and holds no stake, so leader schedules name it alone, vote accounts and inflation
 * rewards are empty, and no snapshot exists. Supply and largest accounts count the lamports of the
 * accounts the chain can enumerate (those owned by the System, Token, Token-2022 and loader
 * programs); mints answer getTokenSupply and getTokenLargestAccounts from their token accounts.
 */
import { type Address, address as toAddress } from "@solana/kit";
import { getMintDecoder, getMintSize } from "@solana-program/token";
import * as z from "zod";
import { invalidParams, RpcError } from "./errors.ts";
import type { Commitment, SvmLedger } from "./ledger.ts";
import { address, commitmentConfig, parseParams } from "./params.ts";
import type { RpcMethod } from "./rpc-method.ts";
import { readTokenAccount, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, uiTokenAmount } from "./token-accounts.ts";

/** Owners whose accounts the supply counts. */
const ENUMERABLE_OWNERS = [
  "11111111111111111111111111111111",
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  "BPFLoaderUpgradeab1e11111111111111111111111",
  "NativeLoader1111111111111111111111111111111",
].map((owner) => toAddress(owner));
const MAX_LARGEST = 20;
const MAX_SLOT_LEADERS = 5000;
const NO_SNAPSHOT = -32008;
/** Seconds a performance sample spans, as a validator's. */
const SAMPLE_PERIOD_SECS = 60;
const MAX_PERFORMANCE_SAMPLES = 720;
const slotNumber = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export interface ClusterNode {
  identity: Address;
  version: string;
}

export function createClusterMethods(ledger: SvmLedger, node: ClusterNode): Record<string, RpcMethod> {
  const { svm } = ledger;
  const withContext = (level: Commitment | undefined, value: unknown) => ({
    context: { apiVersion: node.version, slot: ledger.slot(level) },
    value,
  });
  const enumerable = (level: Commitment | undefined) => {
    const accounts = ledger.accounts(level);
    return ENUMERABLE_OWNERS.flatMap((owner) => accounts.getProgramAccounts(owner)).map((found) => ({
      address: found.address,
      lamports: Number(found.lamports),
    }));
  };
  const mintOf = (key: Address, level: Commitment | undefined) => {
    const found = ledger.accounts(level).getAccount(key);
    const isMint =
      found.exists &&
      (found.programAddress === TOKEN_PROGRAM || found.programAddress === TOKEN_2022_PROGRAM) &&
      found.data.length >= getMintSize();
    if (!isMint) throw invalidParams("Invalid param: not a Token mint");
    return {
      program: found.programAddress,
      mint: getMintDecoder().decode(found.data.subarray(0, getMintSize())),
    };
  };
  const epochSchedule = () => {
    const schedule = svm.getEpochSchedule();
    return {
      slotsPerEpoch: Number(schedule.slotsPerEpoch),
      leaderScheduleSlotOffset: Number(schedule.leaderScheduleSlotOffset),
      warmup: schedule.warmup,
      firstNormalEpoch: Number(schedule.firstNormalEpoch),
      firstNormalSlot: Number(schedule.firstNormalSlot),
    };
  };

  return {
    getEpochSchedule: epochSchedule,
    getTransactionCount(params) {
      parseParams(z.tuple([commitmentConfig]), params);
      return ledger.transactionCount();
    },
    getSupply(params) {
      const [config] = parseParams(
        z.tuple([
          z
            .object({
              commitment: z.enum(["processed", "confirmed", "finalized"]).optional(),
              excludeNonCirculatingAccountsList: z.boolean().optional(),
            })
            .optional(),
        ]),
        params,
      );
      const total = enumerable(config?.commitment).reduce((sum, account) => sum + account.lamports, 0);
      return withContext(config?.commitment, {
        total,
        circulating: total,
        nonCirculating: 0,
        nonCirculatingAccounts: [],
      });
    },
    getLargestAccounts(params) {
      const [config] = parseParams(
        z.tuple([
          z
            .object({
              commitment: z.enum(["processed", "confirmed", "finalized"]).optional(),
              filter: z.enum(["circulating", "nonCirculating"]).optional(),
            })
            .optional(),
        ]),
        params,
      );
      const accounts = config?.filter === "nonCirculating" ? [] : enumerable(config?.commitment);
      const largest = accounts.sort((a, b) => b.lamports - a.lamports).slice(0, MAX_LARGEST);
      return withContext(config?.commitment, largest);
    },
    getTokenSupply(params) {
      const [mint, config] = parseParams(z.tuple([address, commitmentConfig]), params);
      const { mint: state } = mintOf(mint, config?.commitment);
      return withContext(config?.commitment, uiTokenAmount(state.supply, state.decimals));
    },
    getTokenLargestAccounts(params) {
      const [mint, config] = parseParams(z.tuple([address, commitmentConfig]), params);
      const { program, mint: state } = mintOf(mint, config?.commitment);
      const accounts = ledger.accounts(config?.commitment);
      const holders = accounts
        .getProgramAccounts(program)
        .map((found) => ({ address: found.address, token: readTokenAccount(accounts, found.address) }))
        .filter((entry) => entry.token?.mint === mint)
        .sort((a, b) => Number((b.token?.amount ?? 0n) - (a.token?.amount ?? 0n)))
        .slice(0, MAX_LARGEST)
        .map(({ address: holder, token }) => ({
          address: holder,
          ...uiTokenAmount(token?.amount ?? 0n, state.decimals),
        }));
      return withContext(config?.commitment, holders);
    },
    getSlotLeader(params) {
      parseParams(z.tuple([commitmentConfig]), params);
      return node.identity;
    },
    getSlotLeaders(params) {
      const [, limit] = parseParams(
        z.tuple([slotNumber, z.number().int().min(1).max(MAX_SLOT_LEADERS)]),
        params,
      );
      return Array.from({ length: limit }, () => node.identity);
    },
    getLeaderSchedule(params) {
      const [slot, config] = parseParams(
        z.tuple([
          slotNumber.nullable().optional(),
          z
            .object({
              commitment: z.enum(["processed", "confirmed", "finalized"]).optional(),
              identity: address.optional(),
            })
            .optional(),
        ]),
        params,
      );
      const { slotsPerEpoch } = epochSchedule();
      const epoch = Math.floor((slot ?? ledger.slot(config?.commitment)) / slotsPerEpoch);
      if (epoch > Math.floor(ledger.slot("processed") / slotsPerEpoch) + 1) return null;
      if (config?.identity !== undefined && config.identity !== node.identity) return {};
      return { [node.identity]: Array.from({ length: slotsPerEpoch }, (_, i) => i) };
    },
    getClusterNodes: () => [
      {
        pubkey: node.identity,
        gossip: null,
        tpu: null,
        tpuQuic: null,
        rpc: null,
        pubsub: null,
        version: node.version,
        featureSet: 0,
        shredVersion: 0,
      },
    ],
    getVoteAccounts(params) {
      parseParams(z.tuple([z.object({}).passthrough().optional()]), params);
      return { current: [], delinquent: [] };
    },
    getBlockProduction(params) {
      parseParams(z.tuple([z.object({}).passthrough().optional()]), params);
      const lastSlot = ledger.slot("confirmed");
      const produced = lastSlot - ledger.firstSlot + 1;
      return withContext("confirmed", {
        byIdentity: { [node.identity]: [produced, produced] },
        range: { firstSlot: ledger.firstSlot, lastSlot },
      });
    },
    getInflationGovernor: () => ({
      initial: 0.08,
      terminal: 0.015,
      taper: 0.15,
      foundation: 0.05,
      foundationTerm: 7,
    }),
    getInflationRate: () => ({
      total: 0.08,
      validator: 0.076,
      foundation: 0.004,
      epoch: Math.floor(ledger.slot("finalized") / epochSchedule().slotsPerEpoch),
    }),
    getInflationReward(params) {
      const [addresses] = parseParams(
        z.tuple([z.array(address).max(100), z.object({}).passthrough().optional()]),
        params,
      );
      return addresses.map(() => null);
    },
    getStakeMinimumDelegation(params) {
      const [config] = parseParams(z.tuple([commitmentConfig]), params);
      return withContext(config?.commitment, 1);
    },
    getRecentPerformanceSamples(params) {
      const [limit] = parseParams(
        z.tuple([z.number().int().min(0).max(MAX_PERFORMANCE_SAMPLES).optional()]),
        params,
      );
      const perSample = Math.max(1, Math.round((SAMPLE_PERIOD_SECS * 1000) / ledger.slotTimeMs));
      const samples = [];
      for (let end = ledger.slot("confirmed"); end >= ledger.firstSlot; end -= perSample) {
        if (samples.length >= (limit ?? MAX_PERFORMANCE_SAMPLES)) break;
        const start = Math.max(ledger.firstSlot, end - perSample + 1);
        let numTransactions = 0;
        for (let slot = start; slot <= end; slot++) numTransactions += ledger.transactionsInSlot(slot).length;
        samples.push({
          slot: end,
          numSlots: end - start + 1,
          numTransactions,
          numNonVoteTransactions: numTransactions,
          samplePeriodSecs: SAMPLE_PERIOD_SECS,
        });
      }
      return samples;
    },
    getHighestSnapshotSlot() {
      throw new RpcError(NO_SNAPSHOT, "No snapshot");
    },
    getMaxRetransmitSlot: () => ledger.slot("processed"),
    getMaxShredInsertSlot: () => ledger.slot("processed"),
  };
}
