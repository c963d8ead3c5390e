// payments/: what other folders may use (decision 077). Inside payments/, import the file itself.
export {
  createPaymentProvider,
  hmacHex,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  type PaymentRequest,
  paymentReference,
  refundOfReceipt,
  refundReceipt,
  type RefundReport,
  type RefundState,
} from './payment-provider.js';
export {
  abandonAttempt,
  advance,
  attachLink,
  cancelAtProvider,
  expireOpenAttempts,
  findPayment,
  firstDelivery,
  lockPayment,
  openAttempts,
  planAttempt,
  reportMatches,
} from './payments.service.js';
export { sandboxGatewayRoutes } from './sandbox-gateway.routes.js';
export { sandboxSecretSeed } from './sandbox-secret.js';
export { createSandboxGateway } from './sandbox.provider.js';
export { NoSettlements, type SettlementItem, type SettlementItemKind } from './payment-provider.js';
export { createSandboxProvider } from './sandbox.provider.js';
