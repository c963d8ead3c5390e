// Packing slips as one PDF (pdfkit, decision 021): a page per order with the shop's name and
// address, the order's number and date, the ship-to label, and each line with a box to tick
// as it goes into the parcel. No prices: the slip travels in the parcel.
import PDFDocument from 'pdfkit';
import type { AddressLabel } from '@kitroom/contract/admin';
import { indianDateText } from '../indian-days.js';
import { printable } from '../pdf-text.js';

export interface SlipShop {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

export interface PackingSlip {
  orderId: number;
  /** An exchange's replacement parcel: the exchange it carries (its lines in the new sizes). */
  exchangeId?: number;
  placedAt: Date;
  paidAt: Date | null;
  shipTo: AddressLabel;
  lines: { name: string; size: string; quantity: number }[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
const INK = '#111111';
const MUTED = '#555555';
const LINE = '#bbbbbb';
// The table's columns: a box to tick (unlabelled), item, size, quantity.
const COL = { box: MARGIN, item: MARGIN + 30, size: RIGHT - 120, qty: RIGHT - 50 };

function header(doc: PDFKit.PDFDocument, shop: SlipShop, slip: PackingSlip, continued: boolean) {
  const top = MARGIN;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(printable(shop.name), MARGIN, top, {
      width: WIDTH / 2,
    });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(printable(shop.address), { width: WIDTH / 2 })
    .text(printable(`${shop.city}, ${shop.state} ${shop.pincode}`), { width: WIDTH / 2 })
    .text(printable(`Phone ${shop.phone}`), { width: WIDTH / 2 });
  const leftBottom = doc.y;

  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(continued ? 'PACKING SLIP (continued)' : 'PACKING SLIP', MARGIN + WIDTH / 2, top, {
      width: WIDTH / 2,
      align: 'right',
    })
    .fontSize(14)
    .text(
      slip.exchangeId === undefined
        ? `Order #${slip.orderId}`
        : `Order #${slip.orderId} · Exchange #${slip.exchangeId}`,
      { width: WIDTH / 2, align: 'right' },
    )
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Placed ${indianDateText(slip.placedAt)}`, { width: WIDTH / 2, align: 'right' });
  if (slip.exchangeId !== undefined) {
    doc.text('Replacement: the sizes asked for', { width: WIDTH / 2, align: 'right' });
  }
  if (slip.paidAt) {
    doc.text(`Paid ${indianDateText(slip.paidAt)}`, { width: WIDTH / 2, align: 'right' });
  }
  const y = Math.max(leftBottom, doc.y) + 14;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  return y + 16;
}

function shipTo(doc: PDFKit.PDFDocument, label: AddressLabel, top: number): number {
  const boxWidth = WIDTH * 0.62;
  const inner = boxWidth - 28;
  doc
    .fillColor(MUTED)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('SHIP TO', MARGIN + 14, top + 12);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(printable(label.name), MARGIN + 14, doc.y + 4, { width: inner })
    .font('Helvetica')
    .fontSize(11)
    .text(printable(label.street), { width: inner })
    .text(printable(`${label.city}, ${label.state}`), { width: inner })
    .font('Helvetica-Bold')
    .text(`PIN ${label.pincode}`, { width: inner })
    .font('Helvetica')
    .text(`Phone ${label.phone}`, { width: inner });
  const bottom = doc.y + 12;
  doc
    .roundedRect(MARGIN, top, boxWidth, bottom - top, 6)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  return bottom + 22;
}

function tableHead(doc: PDFKit.PDFDocument, top: number): number {
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('ITEM', COL.item + 10, top, { lineBreak: false });
  doc.text('SIZE', COL.size, top, { width: 60, lineBreak: false });
  doc.text('QTY', COL.qty, top, { width: 50, align: 'right', lineBreak: false });
  const y = top + 14;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(LINE).stroke();
  return y + 8;
}

const PAGE_BOTTOM = A4.height - MARGIN - 60;

function slipPages(doc: PDFKit.PDFDocument, shop: SlipShop, slip: PackingSlip) {
  let y = header(doc, shop, slip, false);
  y = shipTo(doc, slip.shipTo, y);
  y = tableHead(doc, y);
  for (const line of slip.lines) {
    doc.font('Helvetica').fontSize(11);
    const name = printable(line.name);
    const nameWidth = COL.size - COL.item - 22;
    const height = Math.max(doc.heightOfString(name, { width: nameWidth }), 14);
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = tableHead(doc, header(doc, shop, slip, true));
      doc.font('Helvetica').fontSize(11);
    }
    doc
      .rect(COL.box, y - 1, 14, 14)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    doc.fillColor(INK).text(name, COL.item + 10, y, { width: nameWidth });
    doc.font('Helvetica-Bold').text(printable(line.size), COL.size, y, {
      width: 60,
      lineBreak: false,
    });
    doc.text(String(line.quantity), COL.qty, y, { width: 50, align: 'right', lineBreak: false });
    y += height + 10;
    doc
      .moveTo(MARGIN, y - 5)
      .lineTo(RIGHT, y - 5)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  }
  const pieces = slip.lines.reduce((n, l) => n + l.quantity, 0);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${pieces} ${pieces === 1 ? 'piece' : 'pieces'} in all`, COL.item + 10, y + 4, {
      width: RIGHT - COL.item - 10,
      align: 'right',
    });
  const sign = A4.height - MARGIN - 24;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text('Packed by ____________________', MARGIN, sign, { lineBreak: false })
    .text('Checked by ____________________', MARGIN + WIDTH / 2, sign, { lineBreak: false });
}

/** Renders the slips, one order per page (more when its lines need them), as PDF bytes. */
export function renderPackingSlips(shop: SlipShop, slips: readonly PackingSlip[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title:
        slips.length === 1
          ? `Packing slip, order #${slips[0]!.orderId}`
          : `Packing slips, ${slips.length} orders`,
      Author: printable(shop.name),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const slip of slips) {
    doc.addPage();
    slipPages(doc, shop, slip);
  }
  doc.end();
  return done;
}
