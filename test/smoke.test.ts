import { expect } from "chai";
import { AttestkitError, InvalidAddressError } from "../src/errors.ts";

describe("errors", () => {
  it("carries a stable code and the subclass name", () => {
    const err = new InvalidAddressError("bad");
    expect(err).to.be.instanceOf(AttestkitError);
    expect(err.code).to.equal("INVALID_ADDRESS");
    expect(err.name).to.equal("InvalidAddressError");
  });
});
