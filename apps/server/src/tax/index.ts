// tax/: what other folders may use (decision 077). Inside tax/, import the file itself.
export { creditNotesAdminRoutes } from './credit-notes.admin-routes.js';
export {
  creditNoteForCancellation,
  creditNoteForReturn,
  returnCreditPaise,
} from './credit-notes.service.js';
export { challanForReplacement, challansOfReturn } from './delivery-challans.service.js';
export { eInvoiceOfOrder, type EInvoiceSweep, startEInvoiceSweep } from './e-invoices.service.js';
export {
  activeEwayBill,
  cancellable,
  ewayBillPanel,
  ewayBillRequest,
  ewayBillsFile,
  pendingEwayBills,
  recordCancelled,
  recordGenerated,
  recordPartB,
  recordTyped,
  updatable,
} from './e-way-bills.service.js';
export { type EwbClient, EwbRefusal, EwbUnavailable } from './eway/eway.js';
export { createNicEwb } from './eway/nic.eway.js';
export { gstr1AdminRoutes } from './gstr1.admin-routes.js';
export { invoicesAdminRoutes } from './invoices.admin-routes.js';
export { invoiceRoutes } from './invoices.routes.js';
export { documentFile, invoiceOfOrder, invoiceProblems, issueInvoice } from './invoices.service.js';
export { type IrpClient } from './irp/irp.js';
export { nicDate } from './irp/nic-invoice.js';
export { createNicIrp } from './irp/nic.irp.js';
export { orderTax } from './order-tax.service.js';
