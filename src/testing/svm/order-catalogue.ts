import { SVM_ORDER_ACCOUNT_PROPERTIES } from "./order-account-properties.ts";
import { SVM_ORDER_PAYMENT_PROPERTIES, type SvmOrderProperty } from "./order-properties.ts";

/** The SVM order catalogue, in the order the report lists it. */
export const SVM_ORDER_PROPERTIES: readonly SvmOrderProperty[] = [
  ...SVM_ORDER_PAYMENT_PROPERTIES,
  ...SVM_ORDER_ACCOUNT_PROPERTIES,
];
