// Webhook endpoint of bench/webhooks.bench.ts, run as a separate process so it does not share the
// service's event loop: answers every POST 204 once its body is read, prints its URL on stdout.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(204).end());
});
server.listen(0, "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
});
