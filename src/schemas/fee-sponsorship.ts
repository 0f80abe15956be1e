/** Fee sponsorship details of a request (service interface: Endpoints). */
import * as z from "zod";
import { FeeSponsorshipComponentSchema } from "./enums.ts";
import { DecimalStringSchema, IntegerStringSchema } from "./primitives.ts";

/** Amount object of 2.6: `amount`, `amountFormatted`, `amountUsd`, `minimumAmount`, all strings. */
export const SponsorshipAmountSchema = z
  .object({
    amount: IntegerStringSchema,
    amountFormatted: DecimalStringSchema,
    amountUsd: DecimalStringSchema,
    minimumAmount: IntegerStringSchema,
  })
  .meta({ id: "SponsorshipAmount", description: "An amount in a fee sponsorship breakdown." });
export type SponsorshipAmount = z.infer<typeof SponsorshipAmountSchema>;

/** One bucket of `components`: what it cost, what the sponsor covered and what the user paid. */
export const FeeSponsorshipBucketSchema = z
  .object({
    selected: z.boolean().describe("Bucket selected for sponsorship."),
    total: SponsorshipAmountSchema.describe("Full amount charged for the bucket."),
    sponsored: SponsorshipAmountSchema.describe("Part covered by the sponsor."),
    userPays: SponsorshipAmountSchema.describe("Part left to the user."),
  })
  .meta({ id: "FeeSponsorshipBucket", description: "One sponsorable fee bucket." });
export type FeeSponsorshipBucket = z.infer<typeof FeeSponsorshipBucketSchema>;

/** `components`: one entry per bucket, all five required (2.6). */
export const FeeSponsorshipComponentsSchema = z
  .object({
    execution: FeeSponsorshipBucketSchema,
    swap: FeeSponsorshipBucketSchema,
    platform: FeeSponsorshipBucketSchema,
    app: FeeSponsorshipBucketSchema,
    rent: FeeSponsorshipBucketSchema.describe("ATA rent on the SVM chain."),
  })
  .meta({ id: "FeeSponsorshipComponents", description: "One entry per fee bucket; all five are present." });
export type FeeSponsorshipComponents = z.infer<typeof FeeSponsorshipComponentsSchema>;

/** One phase (`quoted` or `actual`) of fee sponsorship. */
export const FeeSponsorshipPhaseSchema = z
  .object({
    selectedComponents: z
      .array(FeeSponsorshipComponentSchema)
      .describe("Sponsorship buckets selected for the request."),
    maxSubsidizationAmount: IntegerStringSchema.optional().describe(
      "Requested cap in USD micro-units; present when a cap was configured.",
    ),
    capHit: z.boolean().describe("Whether the cap limited the selected buckets in this phase."),
    components: FeeSponsorshipComponentsSchema,
    sponsoredTotal: SponsorshipAmountSchema.describe("Total sponsored in this phase."),
    userPaysTotal: SponsorshipAmountSchema.describe(
      "Total the user paid across the sponsorable buckets in this phase.",
    ),
  })
  .meta({ id: "FeeSponsorshipPhase", description: "Fee sponsorship at one phase of a request." });
export type FeeSponsorshipPhase = z.infer<typeof FeeSponsorshipPhaseSchema>;

/** `data.feeSponsorship`: the expectation at quote time and the outcome after the solve. */
export const FeeSponsorshipSchema = z
  .object({
    quoted: FeeSponsorshipPhaseSchema.describe("Expectation at quote time."),
    actual: FeeSponsorshipPhaseSchema.describe("Outcome recorded after the solve."),
  })
  .meta({ id: "FeeSponsorship", description: "Details of fee sponsorship." });
export type FeeSponsorship = z.infer<typeof FeeSponsorshipSchema>;
