import { defineConfig } from "vite";

export default defineConfig({
  // The devnet listens on 127.0.0.1 only; serve the app there too.
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  // The SDK bundles viem's chain definitions: one large chunk is expected.
  build: { chunkSizeWarningLimit: 1000 },
});
