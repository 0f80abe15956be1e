/**
 * `node:http` and `node:https` for the service and the devnet. Imported as ES modules, node:http's
 * facade reads every export, its lazy `WebSocket` among them, and that loads Node's bundled fetch
 * client (undici): about 10 MiB resident and 50 ms of start-up for a client nothing here uses.
 * `process.getBuiltinModule` hands over the CommonJS exports without reading them.
 */
export const nodeHttp = process.getBuiltinModule("node:http");
export const nodeHttps = process.getBuiltinModule("node:https");
