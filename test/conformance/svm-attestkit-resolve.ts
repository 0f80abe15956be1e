// Resolves `attestkit/<entry>` to this repository's sources (as tsconfig's paths do for the type
// checker), so the docs' samples, written against the installed package, run here unchanged.
import { registerHooks } from "node:module";

const SRC = new URL("../../src/", import.meta.url);

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === "attestkit") return next(new URL("index.ts", SRC).href, context);
    if (specifier.startsWith("attestkit/"))
      return next(new URL(`${specifier.slice("attestkit/".length)}/index.ts`, SRC).href, context);
    return next(specifier, context);
  },
});
