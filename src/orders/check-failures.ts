import type { OrderCheckCode, StepLocation } from "./verify-quote-types.ts";

export type FailureDetails<C extends string = OrderCheckCode> = {
  expected?: unknown;
  actual?: unknown;
  location?: StepLocation;
  /** The position of the failing element in a list (a call, a funding entry). */
  index?: number;
  causedBy?: C | undefined;
};

export type Fail<C extends string = OrderCheckCode> = (
  code: C,
  message: string,
  details?: FailureDetails<C>,
) => void;

/** A failure as reported: values rendered as strings, absent details left out. */
export type CollectedFailure<C extends string> = {
  code: C;
  message: string;
  expected?: string;
  actual?: string;
  location?: StepLocation;
  index?: number;
  causedBy?: C;
};

/** Collects failures as checks run; `list()` puts root causes first, derived failures after them. */
export function failureCollector<C extends string = OrderCheckCode>() {
  const failures: CollectedFailure<C>[] = [];
  const fail: Fail<C> = (code, message, details = {}) => {
    const { expected, actual, location, index, causedBy } = details;
    failures.push({
      code,
      message,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
      ...(location === undefined ? {} : { location }),
      ...(index === undefined ? {} : { index }),
      ...(causedBy === undefined ? {} : { causedBy }),
    });
  };
  return {
    fail,
    /** True when a failure with `code` was reported. */
    has: (code: C): boolean => failures.some((failure) => failure.code === code),
    list: (): CollectedFailure<C>[] => [
      ...failures.filter((failure) => failure.causedBy === undefined),
      ...failures.filter((failure) => failure.causedBy !== undefined),
    ],
  };
}
