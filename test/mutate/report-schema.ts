// Validates a report against the mutation-testing-report schema as Stryker publishes it on npm
// (devDependency mutation-testing-report-schema; ajv validates it).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** A name, not a literal import: the type checker does not need the package, the test does. */
const SCHEMA_PACKAGE: string = "mutation-testing-report-schema";

/** The schema's complaints about `report`, empty when it is valid. */
export async function mutationReportErrors(report: unknown): Promise<string[]> {
  const Ajv = require("ajv") as typeof import("ajv").default;
  const { schema } = (await import(SCHEMA_PACKAGE)) as { schema: object };
  const validate = new Ajv({ strict: false, logger: false }).compile(schema);
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
