// NIC's e-way bill (CGST Rule 138, decision 072) built from a stored invoice: the bulk
// generation file the owner uploads on ewaybillgst.gov.in, and the same bill sent through the
// API (eway.ts). Everything is read from the invoice as it prints — its lines, taxes and
// totals, its seller and buyer blocks — nothing is computed again, so the e-way bill carries
// the invoice's figures to the paisa. The file's shape is NIC's JSON schema, kept in
// nic-ewb-bulk.schema.json; the tests validate every file built here against it.
import { needsEwayBill } from '@kitroom/contract/admin';
import type { PrintedDocument } from '../document-pdf.js';
import { nicDate, rupees } from '../irp/nic-invoice.js';

/** The bulk tool's format version (the "version" of its export, decision 072). */
export const BULK_VERSION = '1.0.0421';

/** How the goods travel (NIC's transMode): 1 road, 2 rail, 3 air, 4 ship. */
export type TransMode = '1' | '2' | '3' | '4';

/** Part B as the shop knows it: the courier's id, or a vehicle (either may be absent). */
export interface Transport {
  /** The courier's GSTIN or TRANSIN (15 characters), when the shop has set one. */
  transporterId: string | null;
  transporterName: string | null;
  /** A vehicle number ('KL07AB1234') when the shop's own vehicle carries the goods. */
  vehicleNo: string | null;
}

export interface NicEwayItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

/** One bill of the bulk file (NIC's field names). */
export interface NicEwayBill {
  userGstin: string;
  supplyType: 'O';
  subSupplyType: '1';
  subSupplyDesc: string;
  docType: 'INV' | 'CHL';
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  /** 1 Regular, 2 Bill To-Ship To, 3 Bill From-Dispatch From, 4 both. */
  transactionType: 1 | 2 | 3 | 4;
  shipToGSTIN?: string;
  shipToTradeName?: string;
  otherValue: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  totInvValue: number;
  transMode: TransMode;
  /** Kilometres; '0' asks NIC to work it out from the two pincodes (decision 072). */
  transDistance: string;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: 'R' | '';
  mainHsnCode: number;
  itemList: NicEwayItem[];
}

export interface NicEwayBulkFile {
  version: string;
  billLists: NicEwayBill[];
}

/** Why this invoice needs no e-way bill, or null when it needs one (Rule 138: above ₹50,000). */
export function noEwayBillReason(d: Pick<PrintedDocument, 'kind' | 'totalPaise'>): string | null {
  if (d.kind !== 'invoice' && d.kind !== 'delivery_challan') {
    return 'Only an invoice or a delivery challan travels with an e-way bill.';
  }
  if (!needsEwayBill(d.totalPaise)) {
    return 'The consignment is worth ₹50,000 or less (Rule 138): no e-way bill is needed.';
  }
  return null;
}

const clip = (v: string, max: number) => v.replace(/\s+/g, ' ').trim().slice(0, max);

/** An address on NIC's two lines of 120 characters. */
function addressLines(v: string): [string, string] {
  const flat = v.replace(/\s+/g, ' ').trim();
  if (flat.length <= 120) return [flat, ''];
  const cut = flat.lastIndexOf(' ', 120);
  const at = cut > 60 ? cut : 120;
  return [flat.slice(0, at).trim(), clip(flat.slice(at), 120)];
}

/**
 * The e-way bill of a stored invoice (or delivery challan) going out with this transport.
 * Throws for a document that needs none (noEwayBillReason says why); the caller asks first.
 */
export function nicEwayBillOf(d: PrintedDocument, transport: Transport): NicEwayBill {
  const reason = noEwayBillReason(d);
  if (reason) throw new Error(`${d.number}: ${reason}`);
  const s = d.seller;
  const b = d.buyer;
  const registered = b.gstin !== null && b.gstin !== '';
  // A registered buyer billed at its registered address and shipped elsewhere is a
  // bill-to/ship-to transaction (type 2): "to" is the party billed (its GSTIN and state, the
  // place of supply), the address is where the goods go, and the actual state theirs.
  const billTo = registered ? b.billing : undefined;
  const shipsElsewhere =
    billTo !== undefined &&
    (clip(billTo.street, 120) !== clip(b.address, 120) || billTo.pincode !== b.pincode);
  const [fromAddr1, fromAddr2] = addressLines(s.address);
  const [toAddr1, toAddr2] = addressLines(b.address);
  const intra = d.supplyType === 'intra';
  const goods = d.lines.filter((l) => l.kind === 'goods');
  const main = [...(goods.length > 0 ? goods : d.lines)].sort(
    (x, y) => y.taxablePaise - x.taxablePaise,
  )[0];
  const byCourier = transport.transporterId !== null;
  return {
    userGstin: s.gstin,
    supplyType: 'O',
    subSupplyType: '1',
    subSupplyDesc: '',
    docType: d.kind === 'delivery_challan' ? 'CHL' : 'INV',
    docNo: d.number,
    docDate: nicDate(d.issuedAt),
    fromGstin: s.gstin,
    fromTrdName: clip(s.legal_name, 100),
    fromAddr1,
    fromAddr2,
    fromPlace: clip(s.city, 50),
    fromPincode: Number(s.pincode),
    fromStateCode: Number(s.state_code),
    actualFromStateCode: Number(s.state_code),
    toGstin: registered ? (b.gstin as string) : 'URP',
    toTrdName: clip(registered ? b.legal_name || b.name : b.name, 100),
    toAddr1,
    toAddr2,
    toPlace: clip(b.city, 50),
    toPincode: Number(b.pincode),
    toStateCode: Number(d.placeOfSupplyCode),
    actualToStateCode: Number(b.state_code),
    transactionType: shipsElsewhere ? 2 : 1,
    ...(shipsElsewhere
      ? {
          // The delivery address in the buyer's own state is a place of its registration;
          // in another state it is a place we know no GSTIN of.
          shipToGSTIN: b.state_code === billTo.state_code ? (b.gstin as string) : 'URP',
          shipToTradeName: clip(b.name, 100),
        }
      : {}),
    otherValue: 0,
    totalValue: rupees(d.taxablePaise),
    cgstValue: rupees(d.cgstPaise),
    // NIC's sgstValue is "SGST/UTGST": inside a Union Territory without a legislature the
    // invoice's second half is UTGST, and it goes here.
    sgstValue: rupees(d.sgstPaise),
    igstValue: rupees(d.igstPaise),
    cessValue: 0,
    cessNonAdvolValue: 0,
    totInvValue: rupees(d.totalPaise),
    transMode: '1',
    transDistance: '0',
    transporterId: transport.transporterId ?? '',
    transporterName: clip(transport.transporterName ?? '', 100),
    transDocNo: '',
    transDocDate: '',
    vehicleNo: byCourier ? '' : (transport.vehicleNo ?? ''),
    vehicleType: !byCourier && transport.vehicleNo ? 'R' : '',
    mainHsnCode: Number(main?.hsn ?? 0),
    itemList: d.lines.map((l, i) => ({
      itemNo: i + 1,
      productName: clip(l.description, 100),
      productDesc: clip(l.description, 100),
      hsnCode: Number(l.hsn),
      quantity: l.quantity,
      qtyUnit: l.unit,
      taxableAmount: rupees(l.taxablePaise),
      cgstRate: intra ? l.rateBp / 200 : 0,
      sgstRate: intra ? l.rateBp / 200 : 0,
      igstRate: intra ? 0 : l.rateBp / 100,
      cessRate: 0,
      cessNonAdvol: 0,
    })),
  };
}

/** The bulk generation file of these bills, as the portal's "Generate Bulk" takes it. */
export function bulkFileOf(bills: readonly NicEwayBill[]): NicEwayBulkFile {
  return { version: BULK_VERSION, billLists: [...bills] };
}

/** The file's name: 'eway-bill-KR-26-27-000123.json', or 'eway-bills-<n>.json' for several. */
export function bulkFileName(bills: readonly NicEwayBill[]): string {
  const [first] = bills;
  return bills.length === 1 && first
    ? `eway-bill-${first.docNo.replace(/\//g, '-')}.json`
    : `eway-bills-${bills.length}.json`;
}
