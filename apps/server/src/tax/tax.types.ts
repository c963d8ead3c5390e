// The tax domain's shapes: what an order's GST computation takes and gives. The computation
// is pure and lives in the contract (packages/contract/src/gst.ts) so the storefront's
// checkout shows the same GST; invoices and credit notes store its lines as
// tax_document_lines rows. Money is integer paise; rates are basis points (500 = 5%).
export type { TaxBreakdown, TaxInput, TaxInputLine, TaxLine } from '@kitroom/contract';
