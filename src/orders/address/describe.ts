import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError } from "../errors.ts";

/** Refuses anything but a string, naming the VM it was meant for. */
export function assertAddressString(address: unknown, vm: string): asserts address is string {
  if (typeof address !== "string") {
    throw new MalformedOrderAddressError(`${vm} address must be a string, got ${describeValue(address)}`);
  }
}
