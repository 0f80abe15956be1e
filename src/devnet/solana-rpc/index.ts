/**
 * A Solana JSON-RPC (HTTP) and PubSub (WebSocket) server over a LiteSVM chain run by `SvmLedger`, on
 * 127.0.0.1: what `solana-test-validator` offers on 8899 and 8900, for @solana/kit, @solana/web3.js,
 * Anchor and the deploy library. `requestAirdrop` pays from a faucet account of the server. surfpool's
 * cheatcodes answer beside the validator's methods: the account, program and network ones always, the
 * clock ones on a ledger that follows a devnet clock (`clock`).
 */
import { address, generateKeyPairSigner, lamports } from "@solana/kit";
import type { BrowserPolicy } from "../browser-guard.ts";
import type { DevnetClock } from "../clock.ts";
import { type Eip1193Provider, serveJsonRpc } from "../json-rpc-server.ts";
import { createFaucet, type FaucetLimits } from "./faucet.ts";
import type { SvmLedger } from "./ledger.ts";
import { createRpcMethods, methodNotFound } from "./methods.ts";
import { servePubSub } from "./pubsub.ts";
import type { RpcMethod } from "./rpc-method.ts";
import { surfnetAccountMethods } from "./surfnet-accounts.ts";
import { surfnetClockMethods } from "./surfnet-clock.ts";
import { surfnetNetworkMethods } from "./surfnet-network.ts";
import { surfnetProgramMethods } from "./surfnet-programs.ts";

export { DEFAULT_FAUCET_LIMITS, type FaucetLimits } from "./faucet.ts";

export { createSvmLedger, type SvmLedger, type SvmLedgerOptions } from "./ledger.ts";

/** Lamports the faucet starts with (1,000,000 SOL: exact as a JSON number). */
const FAUCET_LAMPORTS = 1_000_000_000_000_000n;

export interface SolanaRpcServerOptions {
  ledger: SvmLedger;
  /** HTTP port (0, the default: a free port). */
  httpPort?: number;
  /** WebSocket port (0, the default: a free port). */
  wsPort?: number;
  /** Which browser origins and Host names both servers serve (loopback by default). */
  policy?: BrowserPolicy;
  /** `requestAirdrop`'s caps (default `DEFAULT_FAUCET_LIMITS`). */
  faucet?: FaucetLimits;
  /** The devnet clock the ledger follows: `surfnet_timeTravel`, `surfnet_pauseClock`, `surfnet_resumeClock` move it. */
  clock?: DevnetClock;
}

export interface SolanaRpcServer {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string;
  /** `ws://127.0.0.1:<port>` */
  wsUrl: string;
  /** The methods the HTTP server answers, for callers in this process (`answerJsonRpc`). */
  provider: Eip1193Provider;
  close(): Promise<void>;
}

export async function serveSolanaRpc(options: SolanaRpcServerOptions): Promise<SolanaRpcServer> {
  const { ledger } = options;
  const faucet = await generateKeyPairSigner();
  ledger.svm.setAccount({
    address: faucet.address,
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: address("11111111111111111111111111111111"),
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  });
  const methods = {
    ...createRpcMethods(ledger, { signer: faucet, limits: createFaucet(options.faucet) }),
    ...surfnetAccountMethods(ledger),
    ...surfnetProgramMethods(ledger),
    ...surfnetNetworkMethods(ledger),
    ...(options.clock ? surfnetClockMethods(ledger, options.clock) : {}),
  };
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!handler) throw methodNotFound(method);
      return handler(params);
    },
  };
  const http = await serveJsonRpc(provider, options.httpPort ?? 0, options.policy);
  let pubsub: Awaited<ReturnType<typeof servePubSub>>;
  try {
    pubsub = await servePubSub(ledger, {
      port: options.wsPort ?? 0,
      getBlock: methods.getBlock as RpcMethod,
      ...(options.policy ? { policy: options.policy } : {}),
    });
  } catch (error) {
    await http.close();
    throw error;
  }
  return {
    rpcUrl: http.url,
    wsUrl: pubsub.url,
    provider,
    async close() {
      await Promise.all([http.close(), pubsub.close()]);
    },
  };
}
