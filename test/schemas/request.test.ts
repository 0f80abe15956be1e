import { expect } from "chai";
import {
  FEE_SPONSORSHIP_COMPONENTS,
  FeeSponsorshipPhaseSchema,
  FeeSponsorshipSchema,
  RequestRecordSchema,
  TransactionSchema,
} from "../../src/schemas/index.ts";
import { failedRequestRecord, feeSponsorshipPhase, requestRecord } from "./fixtures.ts";

describe("schemas: request record (2.1 - 2.6)", () => {
  it("parses a full realistic request record unchanged", () => {
    const record = requestRecord();
    expect(RequestRecordSchema.parse(record)).to.deep.equal(record);
  });

  it("parses a failed record with failedTxHash, failedTxBlockNumber and failedCallData", () => {
    const record = failedRequestRecord();
    const parsed = RequestRecordSchema.parse(record);
    expect(parsed.data.failReason).to.equal("SLIPPAGE");
    expect(parsed.data.failedCallData?.data).to.equal("0xdeadbeef");
    expect(parsed).to.deep.equal(record);
  });

  it("keeps unknown fields of the record and of data (fields after feeSponsorship are not shown)", () => {
    const record = { ...requestRecord(), updatedAt: "x" };
    record.data = { ...record.data, extra: 1 } as typeof record.data;
    const parsed = RequestRecordSchema.parse(record) as Record<string, unknown>;
    expect(parsed["createdAt"]).to.equal("2025-01-01T00:00:00.000Z");
    expect(parsed["updatedAt"]).to.equal("x");
    expect((parsed["data"] as Record<string, unknown>)["extra"]).to.equal(1);
  });

  it("accepts null for every nullable field", () => {
    const record = {
      ...requestRecord(),
      sender: null,
      refundTo: null,
      supersededByRequestId: null,
      depositAddress: null,
    };
    record.data = {
      ...record.data,
      failReason: null,
      timeEstimate: null,
      triggeredByFastFill: null,
    } as never;
    expect(RequestRecordSchema.safeParse(record).success).to.equal(true);
  });

  it("requires non-nullable fields and present-as-null fields", () => {
    for (const key of ["id", "status", "user", "recipient", "sender", "depositAddress", "data"]) {
      const record: Record<string, unknown> = requestRecord();
      delete record[key];
      expect(RequestRecordSchema.safeParse(record).success, key).to.equal(false);
    }
  });

  it("rejects bad enums, a malformed request id and a non-integer amount", () => {
    expect(RequestRecordSchema.safeParse({ ...requestRecord(), status: "teleported" }).success).to.equal(
      false,
    );
    expect(RequestRecordSchema.safeParse({ ...requestRecord(), id: "0x1234" }).success).to.equal(false);
    expect(
      RequestRecordSchema.safeParse({ ...requestRecord(), supersededByRequestId: "abc" }).success,
    ).to.equal(false);
    const bad = requestRecord();
    bad.data.failReason = "UNKNOWN_REASON";
    expect(RequestRecordSchema.safeParse(bad).success).to.equal(false);
    const badType = requestRecord();
    badType.depositAddress.type = "loose";
    expect(RequestRecordSchema.safeParse(badType).success).to.equal(false);
    const badRefund = requestRecord();
    (badRefund.data as Record<string, unknown>)["refundFailReason"] = "SLIPPAGE";
    expect(RequestRecordSchema.safeParse(badRefund).success).to.equal(false);
  });

  it("validates transactions: status enum, integer fee, free-form data and stateChanges", () => {
    const tx = requestRecord().data.inTxs[0]!;
    expect(TransactionSchema.parse(tx)).to.deep.equal(tx);
    expect(TransactionSchema.safeParse({ ...tx, status: "pending" }).success).to.equal(false);
    expect(TransactionSchema.safeParse({ ...tx, fee: "0.1" }).success).to.equal(false);
    expect(TransactionSchema.safeParse({ ...tx, block: 1.5 }).success).to.equal(false);
    expect(TransactionSchema.safeParse({ ...tx, data: "anything", stateChanges: 42 }).success).to.equal(true);
    const { stateChanges: _s, ...noStateChanges } = tx;
    expect(TransactionSchema.safeParse(noStateChanges).success).to.equal(false);
  });

  it("app fees: actual entries need amountUsd, the currency metadata needs isNative", () => {
    const record = requestRecord();
    const { amountUsd: _drop, ...noUsd } = record.data.appFees.actual[0]!;
    const a = requestRecord();
    a.data.appFees.actual = [noUsd as never];
    expect(RequestRecordSchema.safeParse(a).success).to.equal(false);
    const b = requestRecord();
    b.data.appFees.currency.metadata = { logoURI: "x", verified: true } as never;
    expect(RequestRecordSchema.safeParse(b).success).to.equal(false);
  });

  describe("feeSponsorship (2.6)", () => {
    for (const bucket of FEE_SPONSORSHIP_COMPONENTS) {
      it(`rejects a phase whose components lack the ${bucket} bucket`, () => {
        const phase = feeSponsorshipPhase();
        delete (phase.components as Record<string, unknown>)[bucket];
        const result = FeeSponsorshipPhaseSchema.safeParse(phase);
        expect(result.success).to.equal(false);
        expect(result.error?.issues[0]?.path).to.deep.equal(["components", bucket]);
        // and the same through the whole record, in either phase
        const record = requestRecord();
        record.data.feeSponsorship.actual = phase;
        expect(RequestRecordSchema.safeParse(record).success).to.equal(false);
      });
    }

    it("requires both phases", () => {
      expect(FeeSponsorshipSchema.safeParse({ quoted: feeSponsorshipPhase() }).success).to.equal(false);
    });

    it("maxSubsidizationAmount is optional, the other phase members are required", () => {
      const { maxSubsidizationAmount: _cap, ...noCap } = feeSponsorshipPhase();
      expect(FeeSponsorshipPhaseSchema.safeParse(noCap).success).to.equal(true);
      for (const key of ["selectedComponents", "capHit", "components", "sponsoredTotal", "userPaysTotal"]) {
        const phase: Record<string, unknown> = feeSponsorshipPhase();
        delete phase[key];
        expect(FeeSponsorshipPhaseSchema.safeParse(phase).success, key).to.equal(false);
      }
    });

    it("each bucket needs selected, total, sponsored and userPays with all four amount strings", () => {
      for (const key of ["selected", "total", "sponsored", "userPays"]) {
        const phase = feeSponsorshipPhase();
        delete (phase.components.swap as Record<string, unknown>)[key];
        expect(FeeSponsorshipPhaseSchema.safeParse(phase).success, key).to.equal(false);
      }
      const phase = feeSponsorshipPhase();
      delete (phase.components.rent.total as Record<string, unknown>)["minimumAmount"];
      expect(FeeSponsorshipPhaseSchema.safeParse(phase).success).to.equal(false);
    });

    it("rejects an unknown component in selectedComponents", () => {
      const phase = { ...feeSponsorshipPhase(), selectedComponents: ["execution", "gas"] };
      expect(FeeSponsorshipPhaseSchema.safeParse(phase).success).to.equal(false);
    });
  });
});
