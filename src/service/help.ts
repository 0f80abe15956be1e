/** `attestkit service --help`. Imports nothing: shown on any Node. */
export const SERVICE_HELP = `attestkit mock service

  --port <n>              port on 127.0.0.1 (env ATTESTKIT_SERVICE_PORT, default 8787; 0 = any)
  --db <file>             SQLite file (env ATTESTKIT_SERVICE_DB, default in memory): an existing
                          file is integrity-checked and refused when damaged
  --new-db                create the --db file when it is missing or empty (a deliberate fresh start)
  --solver-key <0x..>     solver EVM private key (env ATTESTKIT_SOLVER_KEY, default a public dev key)
  --api-keys <k1,k2>      accepted API keys (env ATTESTKIT_API_KEYS, default "devnet-api-key", as the devnet)
  --rpc <chainId=url>     EVM chain to index and fill through (repeatable; env ATTESTKIT_RPC, comma-separated)
  --confirmations <chainId=n>  blocks for a deposit to be final on that chain (repeatable; default 1)
  --hold-timeout <s>      seconds a fast fill's hold waits for its deposit before it is debited (default 600)
  --svm-rpc <url>         Solana JSON-RPC of the SVM chain to index and fill through (env ATTESTKIT_SVM_RPC)
  --svm-ws <url>          its PubSub URL (env ATTESTKIT_SVM_WS, default: the RPC host, port + 1, ws://)
  --svm-solver-keypair <file>  solver keypair, a Solana CLI JSON file of 64 bytes
                          (env ATTESTKIT_SVM_SOLVER_KEYPAIR, default the devnet's public solver keypair)
  --svm-receiver <id>     attested receiver program id whose Deposited events are deposits (env ATTESTKIT_SVM_RECEIVER)
  --order-version <v>     format of the protocol orders quotes carry: v1 (default, as the service serves
                          today) or v2 (the settlement SDK's next format) (env ATTESTKIT_ORDER_VERSION)
  --webhook-url <url>     webhook endpoint of the first API key: request.status.updated posted there,
                          signed with the key (env ATTESTKIT_WEBHOOK_URL; other keys: PUT /_mock/webhook)
  --scenarios <file>      turn scenarios on, starting with those of this JSON file (env ATTESTKIT_SCENARIOS;
                          more at /_mock/scenarios; docs/guides/test-failure-handling.md)
  --log-level <level>     pino level, or "silent" (env ATTESTKIT_LOG_LEVEL, default info)
  --allow-host <h>        a Host name the service answers besides the loopback names (repeatable;
                          '*' for any), when a proxy or another name reaches it`;
