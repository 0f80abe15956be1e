// Validates a report against the mutation-testing-report schema as Stryker publishes it on npm.
import { Ajv } from "ajv";
import { schema } from "mutation-testing-report-schema";

const validate = new Ajv({ strict: false, logger: false }).compile(schema);

/** The schema's complaints about `report`, empty when it is valid. */
export async function mutationReportErrors(report: unknown): Promise<string[]> {
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
