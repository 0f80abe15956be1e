/** `attestkit devnet --help`. Imports nothing the tools' Node floor guards: shown on any Node. */
import { TOOLS_NODE_FLOOR } from "../node-floor.ts";
import { DEVNET_PEERS_INSTALL } from "./peers.ts";

const DEVNET_REQUIREMENTS = `Needs Node.js >= ${TOOLS_NODE_FLOOR} and the devnet's optional peer dependencies:
  ${DEVNET_PEERS_INSTALL}`;

export const DEVNET_HELP = `attestkit devnet: chains 8453 and 10 (Hardhat EDR, JSON-RPC over HTTP and WebSocket on
127.0.0.1), chain 792703809 (LiteSVM, Solana JSON-RPC and PubSub), the receivers deployed on all
three and the mock service wired to them, with a live activity feed. Ctrl-C stops.

  --port <n>          mock service port (env ATTESTKIT_SERVICE_PORT, default 8787; 0 = any free port)
  --ports <a-b>       pick every port free inside the range a-b instead of the port flags
                      (env ATTESTKIT_PORTS; the first free port for the service, then two free
                      pairs for the EVM chains and the SVM RPC + PubSub)
  --rpc-port <n>      JSON-RPC port (HTTP and WebSocket) of chain 8453, chain 10 gets the next
                      (env ATTESTKIT_RPC_PORT, default 8545; 0 = free ports for both)
  --svm-rpc-port <n>  Solana JSON-RPC port, PubSub on the next (env ATTESTKIT_SVM_RPC_PORT,
                      default 8899; 0 = free ports for both)
  --slot-time <ms>    SVM slot length (env ATTESTKIT_SLOT_TIME, default 400)
  --svm-rpc-url <url> run the SVM side on an external validator (solana-test-validator, surfpool) instead
                      of the embedded chain: the receiver deployed and the accounts funded over its RPC
                      (env ATTESTKIT_SVM_RPC_URL)
  --svm-ws-url <url>  that validator's PubSub URL (env ATTESTKIT_SVM_WS_URL, default the RPC port + 1)
  --block-time <ms>   after an EVM block with transactions, an empty block this often until it has its
                      confirmations; an idle chain mines nothing (env ATTESTKIT_BLOCK_TIME, default 2000)
  --db <file>         service SQLite file (env ATTESTKIT_SERVICE_DB, default in memory)
  --order-version <v> format of the protocol orders the mock service issues: v1 (default, as the service
                      serves today) or v2 (the settlement SDK's next format) (env ATTESTKIT_ORDER_VERSION)
  --router-shape <s>  fill router the mock's solver fills through: v3.2 (default, SolverCallExecuted logs the
                      call data's hash) or v3.1 (logs the call data); both are deployed (env ATTESTKIT_ROUTER_SHAPE)
  --webhook-url <url> post request.status.updated webhooks of the devnet's API key there, signed with
                      the key (env ATTESTKIT_WEBHOOK_URL; docs/service.md, Webhooks)
  --scenarios <file>  scenarios to start with, a JSON file (env ATTESTKIT_SCENARIOS; more at
                      /_mock/scenarios; docs/guides/test-failure-handling.md)
  --faucet-per-request-sol-cap <sol>  largest requestAirdrop (default 1000)
  --faucet-per-time-sol-cap <sol>     most SOL one recipient receives per time slice (default 10000)
  --faucet-time-slice-secs <s>        the faucet's time slice (default 10)
  --cors-origin <o>   a browser origin the chains' RPCs and the service serve (repeatable; '*' for any; default
                      any http(s)://localhost or 127.0.0.1 origin)
  --allow-host <h>    a Host name the chains' RPCs and the service answer (repeatable; '*' for any; always
                      localhost, 127.0.0.1, [::1]: others are refused, against DNS rebinding)
  --dump-state <file> save the whole devnet (chains, service) to <file> on exit (Ctrl-C, SIGTERM) and on
                      POST /_devnet/dump-state (docs/devnet.md, Saved state)
  --load-state <file> start from a state saved by --dump-state of this attestkit version (embedded SVM
                      chain only)
  --config-out <file> once ready, write every endpoint, chain id, contract and program address, dev key
                      and the API key as JSON to <file> (DevnetConfigSchema in attestkit/devnet parses it)

${DEVNET_REQUIREMENTS}`;
