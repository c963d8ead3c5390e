// The GST computation and its rate table, as the server's tax domain uses them. The pure code
// is the contract's (packages/contract/src/gst.ts), shared with the storefront's checkout
// summary (decision 025).
export {
  allocateInProportion,
  ambiguousBand,
  computeOrderTax,
  DEFAULT_HSN,
  GST_RATE_SCHEDULES,
  GstNotComputable,
  gstOf,
  gstScheduleFor,
  includedGstPaise,
  pieceRateBp,
  priceInAmbiguousBand,
  type GstRateSchedule,
} from '@kitroom/contract';
