// Shipping labels as one PDF (pdfkit, as the packing slips): an A6 page per parcel with the
// courier, the waybill in large type (what a scanner or a person reads), the cash to collect
// for a COD parcel, the consignee and the sender to return to.
import PDFDocument from 'pdfkit';
import { printable } from '../pdf-text.js';

export interface ShippingLabel {
  awb: string;
  courierName: string;
  reference: string;
  orderId: number;
  from: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    phone: string;
  };
  to: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    phone: string;
  };
  codAmountPaise: number;
  weightGrams: number;
}

const A6 = { width: 297.64, height: 419.53 };
const M = 18;

/** '1,359.00' (Indian grouping): the label's fonts have no rupee sign, so it says 'Rs.'. */
function labelRupees(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const s = String(rupees);
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${String(paise % 100).padStart(2, '0')}`;
}

/** Shipping labels as one PDF, an A6 page each: waybill, consignee, sender, cash to collect. */
export function renderLabels(labels: readonly ShippingLabel[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [A6.width, A6.height], margin: M, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A6.width - 2 * M;
  for (const l of labels) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text(printable(l.courierName), M, M, { width });
    doc.font('Helvetica').fontSize(8).text(`Order #${l.orderId}  ·  Ref ${l.reference}`, { width });
    doc.moveDown(0.6);
    doc.font('Courier-Bold').fontSize(22).text(`*${l.awb}*`, { width, align: 'center' });
    doc.font('Helvetica').fontSize(9).text(`AWB ${l.awb}`, { width, align: 'center' });
    doc.moveDown(0.6);
    const payment =
      l.codAmountPaise > 0 ? `COD: COLLECT Rs. ${labelRupees(l.codAmountPaise)}` : 'PREPAID';
    doc.font('Helvetica-Bold').fontSize(13).text(payment, { width, align: 'center' });
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(9).text('SHIP TO', { width });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(printable(l.to.name), { width })
      .text(printable(l.to.address), { width })
      .text(printable(`${l.to.city}, ${l.to.state} ${l.to.pincode}`), { width })
      .text(printable(`Phone ${l.to.phone}`), { width });
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(8).text('FROM (RETURN TO)', { width });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(printable(l.from.name), { width })
      .text(printable(l.from.address), { width })
      .text(printable(`${l.from.city}, ${l.from.state} ${l.from.pincode}`), { width })
      .text(printable(`Phone ${l.from.phone}`), { width });
    doc.moveDown(0.4);
    doc.fontSize(8).text(`Weight ${(l.weightGrams / 1000).toFixed(2)} kg`, { width });
  }
  if (labels.length === 0) doc.addPage();
  doc.end();
  return done;
}
