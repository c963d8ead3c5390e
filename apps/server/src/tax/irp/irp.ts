// The one seam between the shop and an Invoice Registration Portal (decision 068), as payments
// and couriers have theirs: register a document (NIC's e-invoice JSON, schema INV-01 v1.1),
// cancel its IRN within 24 hours, read a registration back by IRN. The adapter (nic.irp.ts)
// speaks NIC's protocol — authentication, encryption, the signed responses; nothing else knows
// it. Tests run it against a local fake of the portal (src/test/irp-fake.ts).
import type { NicInvoice } from './nic-invoice.js';

/** What the IRP returns for a registered document. */
export interface IrnRegistration {
  irn: string;
  ackNo: string;
  ackAt: Date;
  /** JWS (RS256) of the whole e-invoice, as the IRP signed it. */
  signedInvoice: string | null;
  /** JWS (RS256) whose payload the invoice's QR code carries. */
  signedQrCode: string;
}

/**
 * The IRP refused the request (its error code and message, in its words): the document, a
 * GSTIN or the time limit is wrong, and sending it again unchanged would be refused again.
 */
export class IrpRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The IRP could not be reached or failed (network, 5xx, a bad response): worth trying again. */
export class IrpUnavailable extends Error {}

export type IrnCancelReasonCode = '1' | '2' | '3' | '4';

export interface IrpClient {
  /**
   * Registers the document. A document already registered (NIC's 2150, duplicate IRN) returns
   * that registration, read back by its IRN, so a retry after a lost response is safe.
   */
  generate(gstin: string, invoice: NicInvoice): Promise<IrnRegistration>;
  /** Cancels an IRN; returns when the IRP says it was canceled. */
  cancel(
    gstin: string,
    irn: string,
    reason: IrnCancelReasonCode,
    remark: string,
  ): Promise<{ canceledAt: Date }>;
  /** A registration by its IRN (NIC returns this for 2 days after generation). */
  getByIrn(gstin: string, irn: string): Promise<IrnRegistration>;
}
