// Refusal classes: a refusal counts for a property only when its error's class is one the property accepts.
import { expect } from "chai";
import fc from "fast-check";
import { ORDER_GATED_DEPOSITOR_ERRORS } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import {
  ATTESTATION_REFUSALS,
  ATTESTED_RECEIVER_ERRORS,
  EVM_ORDER_PROPERTIES,
  EVM_PROPERTIES,
  ORDER_REFUSALS,
  REFERENCE_REFUSAL_CLASSES,
  type RefusalClass,
  refusalMismatch,
} from "../../src/testing/index.ts";
import {
  SVM_ATTESTED_RECEIVER_ERRORS,
  SVM_ORDER_DEPOSITOR_ERRORS,
  SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
  SVM_ORDER_PROPERTIES,
  SVM_PROPERTIES,
  SVM_RECEIVER_REFUSAL_CLASSES,
} from "../../src/testing/svm/index.ts";

const CLASSES = [...new Set(Object.values(REFERENCE_REFUSAL_CLASSES))] as RefusalClass[];

describe("refusal classes", () => {
  it("names the class refused and the classes expected", () => {
    expect(refusalMismatch("OutputDeadlinePassed", ["replay"])).to.equal(
      "refused as deadline (OutputDeadlinePassed), expected replay",
    );
    expect(
      refusalMismatch("DeadlineTooFar", ["signature", "solver"], { DeadlineTooFar: "deadline" }),
    ).to.equal("refused as deadline (DeadlineTooFar), expected signature or solver");
  });

  it("does not judge an unclassified error, nor a property that accepts any refusal", () => {
    expect(refusalMismatch("Refused", ["replay"])).to.equal(undefined);
    expect(refusalMismatch("OrderAlreadyUsed", undefined)).to.equal(undefined);
  });

  it("the adapter's classification overrides the reference's for the same name", () => {
    expect(refusalMismatch("ZeroAmount", ["amount"], { ZeroAmount: "payer" })).to.equal(
      "refused as payer (ZeroAmount), expected amount",
    );
  });

  it("property: a classified error passes exactly when its class is expected", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(REFERENCE_REFUSAL_CLASSES)),
        fc.subarray(CLASSES, { minLength: 1 }),
        (name, expected) => {
          const mismatch = refusalMismatch(name, expected);
          const inClass = expected.includes(REFERENCE_REFUSAL_CLASSES[name] as RefusalClass);
          expect(mismatch === undefined).to.equal(inClass);
        },
      ),
    );
  });

  it("every reference error the catalogue expects belongs to a class its property accepts", () => {
    for (const [property, error] of Object.entries(ORDER_GATED_DEPOSITOR_ERRORS)) {
      expect(refusalMismatch(error, ORDER_REFUSALS[property]), property).to.equal(undefined);
    }
  });

  it("every reference receiver error the attestation catalogue expects belongs to an accepted class", () => {
    for (const [property, error] of Object.entries(ATTESTED_RECEIVER_ERRORS)) {
      expect(refusalMismatch(error, ATTESTATION_REFUSALS[property]), property).to.equal(undefined);
    }
  });

  it("every classified property is in its catalogue", () => {
    const orderIds = new Set([...EVM_ORDER_PROPERTIES, ...SVM_ORDER_PROPERTIES].map((p) => p.id));
    for (const property of Object.keys(ORDER_REFUSALS))
      expect(orderIds.has(property), property).to.equal(true);
    // replay.acrossChains runs in the Solidity catalogue only (it needs vm.chainId); its id is shared.
    const ids = new Set([...EVM_PROPERTIES, ...SVM_PROPERTIES].map((p) => p.id));
    for (const property of Object.keys(ATTESTATION_REFUSALS))
      expect(ids.has(property), property).to.equal(true);
  });

  it("every SVM order refusal the reference depositor gives belongs to a class its property accepts", () => {
    for (const [property, code] of Object.entries(SVM_ORDER_DEPOSITOR_ERRORS)) {
      expect(ORDER_REFUSALS[property], property).to.be.an("array");
      const mismatch = refusalMismatch(
        String(code),
        ORDER_REFUSALS[property],
        SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
      );
      expect(mismatch, property).to.equal(undefined);
      expect(SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES[code], `${property}: code ${code} unclassified`).to.be.a(
        "string",
      );
    }
  });

  it("every SVM attestation refusal the reference receiver gives belongs to a class its property accepts", () => {
    for (const [property, code] of Object.entries(SVM_ATTESTED_RECEIVER_ERRORS)) {
      expect(ATTESTATION_REFUSALS[property], property).to.be.an("array");
      const mismatch = refusalMismatch(
        String(code),
        ATTESTATION_REFUSALS[property],
        SVM_RECEIVER_REFUSAL_CLASSES,
      );
      expect(mismatch, property).to.equal(undefined);
      expect(SVM_RECEIVER_REFUSAL_CLASSES[code], `${property}: code ${code} unclassified`).to.be.a("string");
    }
  });
});
