import { AttestkitError } from "../errors.ts";

/** A mutation run that cannot start or cannot judge its mutants (bad input, missing tool, failing control). */
export class MutationRunError extends AttestkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("MUTATION_RUN", message, options);
  }
}
