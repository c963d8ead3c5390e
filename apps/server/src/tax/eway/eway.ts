// The one seam between the shop and NIC's e-way bill system (decision 072), as the IRP has
// its own (tax/irp/irp.ts): generate an e-way bill for a consignment, cancel it within 24
// hours, update its Part B (the vehicle). The adapter (nic.eway.ts) speaks NIC's protocol —
// authentication, encryption, the responses' shapes; nothing else knows it. Tests run it
// against a local fake of the portal (src/test/eway-fake.ts).
import type { NicEwayBill } from './nic-eway-bill.js';

/** What NIC responds for a generated e-way bill. */
export interface GeneratedEwayBill {
  /** 12 digits. */
  ewayBillNo: string;
  ewayBillDate: Date;
  /** Null when Part B is not filled in yet (no vehicle or transporter). */
  validUpto: Date | null;
}

/**
 * NIC refused the request (its error codes and messages, in its words): the bill, a GSTIN or
 * the time limit is wrong, and sending it again unchanged would be refused again.
 */
export class EwbRefusal extends Error {
  constructor(
    readonly codes: readonly string[],
    message: string,
  ) {
    super(message);
  }
}

/** NIC could not be reached or failed (network, 5xx, a response we cannot read). */
export class EwbUnavailable extends Error {}

/** NIC's cancel reasons: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
export type EwbCancelReasonCode = '1' | '2' | '3' | '4';

/** NIC's reasons for a new vehicle: 1 break down, 2 transhipment, 3 others, 4 first time. */
export type PartBReasonCode = '1' | '2' | '3' | '4';

export interface PartB {
  vehicleNo: string;
  /** Where the vehicle starts from, and its state code. */
  fromPlace: string;
  fromState: number;
  reason: PartBReasonCode;
  remark: string;
}

export interface EwbClient {
  generate(gstin: string, bill: NicEwayBill): Promise<GeneratedEwayBill>;
  cancel(
    gstin: string,
    ewayBillNo: string,
    reason: EwbCancelReasonCode,
    remark: string,
  ): Promise<{ cancelledAt: Date }>;
  updatePartB(
    gstin: string,
    ewayBillNo: string,
    partB: PartB,
  ): Promise<{ updatedAt: Date; validUpto: Date | null }>;
}
