import type { OrderCheckCode, OrderCheckFailure, StepLocation } from "./verify-quote-types.ts";

export type FailureDetails = {
  expected?: unknown;
  actual?: unknown;
  location?: StepLocation;
  causedBy?: OrderCheckCode | undefined;
};

export type Fail = (code: OrderCheckCode, message: string, details?: FailureDetails) => void;

/** Collects failures as checks run; `list()` puts root causes first, derived failures after them. */
export function failureCollector() {
  const failures: OrderCheckFailure[] = [];
  const fail: Fail = (code, message, details = {}) => {
    const { expected, actual, location, causedBy } = details;
    failures.push({
      code,
      message,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
      ...(location === undefined ? {} : { location }),
      ...(causedBy === undefined ? {} : { causedBy }),
    });
  };
  return {
    fail,
    list: (): OrderCheckFailure[] => [
      ...failures.filter((failure) => failure.causedBy === undefined),
      ...failures.filter((failure) => failure.causedBy !== undefined),
    ],
  };
}
