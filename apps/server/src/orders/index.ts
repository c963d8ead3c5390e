// orders/: what other folders may use (decision 077). Inside orders/, import the file itself.
export {
  codOption,
  codReport,
  collectCashOnDelivery,
  confirmByOwner,
  confirmByToken,
  rulesForCheckout,
  startConfirmation,
  switchToOnline,
} from './cod.service.js';
export { awaitsCodConfirmation, codAvailability, unconfirmedCodProblem } from './cod.js';
export { ledgerAdminRoutes } from './ledger.admin-routes.js';
export { orderLedger } from './ledger.service.js';
export {
  type OrderEventName,
  type OrderStage,
  stageOf,
  transition,
  TRANSITIONS,
} from './lifecycle.js';
export { linePrintOf } from './line-print.js';
export { type OrderContext, orderContexts } from './order-context.js';
export {
  eventsOfOrder,
  type OrderActor,
  type OrderEventRow,
  PROVIDER,
  recordEvent,
  SYSTEM,
} from './order-events.js';
export { enqueuePaidMail, type PaidResult } from './order-mail.js';
export {
  applyRefundWebhook,
  completePayout,
  lookUpRefund,
  refundableOf,
  type RefundContext,
  type RefundRow,
  refundsByPayout,
  requestPayout,
  requestRefund,
  sendRefund,
  sendRefunds,
} from './refunds.service.js';
export { KIND_WORDS, lockBoth, refusal, RETURN_NOT_FOUND, staffActor } from './return-requests.js';
