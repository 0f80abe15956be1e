import { expect } from "chai";
import { AttestkitError } from "../../src/index.ts";

/** Asserts that `fn` throws (or rejects with) an AttestkitError carrying `code`. */
export async function expectCode(fn: () => unknown, code: string): Promise<AttestkitError> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected an error with code ${code}`).to.be.instanceOf(AttestkitError);
  expect((caught as AttestkitError).code).to.equal(code);
  return caught as AttestkitError;
}
