// Child process of runtime-modules.test.ts: starts and stops a whole devnet while recording every
// module the process resolves, then prints their URLs as a JSON array on its last output line.
import { registerHooks } from "node:module";

const resolved = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.add(result.url);
    return result;
  },
});

const { startDevnet } = await import("../../src/devnet/devnet.ts");
const devnet = await startDevnet({ logger: false });
await devnet.close();
process.stdout.write(`\n${JSON.stringify([...resolved])}\n`);
process.exit(0);
