/**
 * LiteSVM's JavaScript is CommonJS and `require`s `@solana/kit`, which resolves to kit's CommonJS
 * build: next to the ES module build that attestkit imports, the process would hold two copies of
 * kit and its 26 packages (the dual-package hazard). Where Node has synchronous module hooks
 * (22.15+), LiteSVM's `require` of kit is resolved to the ES module build instead (Node loads an ES
 * module by `require` since 22.12), so both share the one copy already loaded.
 */
import nodeModule from "node:module";

const LITESVM_PACKAGE = /[\\/]node_modules[\\/]litesvm[\\/]/;

let registered = false;

/** Makes LiteSVM's `require("@solana/kit")` load kit's ES module build (once per process). */
export function shareKitWithLiteSvm(): void {
  if (registered || typeof nodeModule.registerHooks !== "function") return;
  registered = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const fromLiteSvm =
        specifier === "@solana/kit" &&
        context.conditions.includes("require") &&
        LITESVM_PACKAGE.test(context.parentURL ?? "");
      if (!fromLiteSvm) return nextResolve(specifier, context);
      const conditions = context.conditions.map((condition) =>
        condition === "require" ? "import" : condition,
      );
      return nextResolve(specifier, { ...context, conditions });
    },
  });
}
