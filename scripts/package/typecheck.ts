// A consumer's TypeScript file importing the root and attestkit/client, checked with `tsc --strict`
// (skipLibCheck off) under moduleResolution nodenext and bundler, and as a CommonJS module under nodenext
// (which reads the .d.cts declarations of the `require` condition). Used by the package suite and the
// package benchmark.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NODE_24, REPO_ROOT, run } from "./consumer.ts";

export const TSC = join(REPO_ROOT, "node_modules/typescript/bin/tsc");

export const CONSUMER_SOURCE = `import { type Attestation, verifyAttestation } from "attestkit";
import { createServiceClient, type ServiceClient } from "attestkit/client";

export async function check(attestation: Attestation, solver: string): Promise<boolean> {
  return verifyAttestation({ ...attestation, solver });
}

export const client: ServiceClient = createServiceClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "k" });
`;

export type Resolution = "nodenext" | "bundler" | "nodenext-commonjs";

/** Writes tsconfig and source under `dir/<resolution>/` and runs tsc; returns tsc's wall time. */
export async function typecheckConsumer(dir: string, resolution: Resolution, source = CONSUMER_SOURCE) {
  const project = join(dir, `tsc-${resolution}`);
  mkdirSync(project, { recursive: true });
  const compilerOptions = {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    target: "ES2022",
    module: resolution === "bundler" ? "esnext" : "nodenext",
    moduleResolution: resolution === "bundler" ? "bundler" : "nodenext",
    // A consumer of @solana/kit and viem has Node's and the DOM's types; their .d.ts files need them.
    lib: ["ES2023", "DOM"],
    types: ["node"],
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
  writeFileSync(join(project, "consumer.ts"), source);
  // The project sits inside the consumer, so node_modules/attestkit resolves from its parent.
  const type = resolution === "nodenext-commonjs" ? "commonjs" : "module";
  writeFileSync(join(project, "package.json"), JSON.stringify({ type }));
  return run(NODE_24, [TSC, "-p", project], { cwd: project });
}
