// The e-invoice block of a tax invoice's PDF (decision 068), under its header: the IRN, the
// acknowledgement number and date, and the signed QR code the IRP returned (the QR carries
// the signed JWS itself, as NIC's QR is read by its verify app); "IRN pending" in bold
// while the invoice is not registered, so it is never taken for a valid B2B invoice; the
// cancellation when its IRN was canceled.
import QRCode from 'qrcode';
import { indianDateText, indianDateTime } from '../indian-days.js';

/** A document's e-invoice as the PDF prints it. */
export interface PrintedEInvoice {
  status: 'pending' | 'registered' | 'canceled';
  irn: string | null;
  ackNo: string | null;
  ackAt: Date | null;
  signedQrCode: string | null;
  canceledAt: Date | null;
}

const QR_SIZE = 140;

/** The QR code's dark modules drawn as squares, `size` points wide, at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/** Draws the block from `top` across `width`; returns the y below it. */
export function drawEInvoice(
  doc: PDFKit.PDFDocument,
  e: PrintedEInvoice,
  left: number,
  top: number,
  width: number,
): number {
  const textWidth = width - QR_SIZE - 12;
  doc
    .fillColor('#111111')
    .font('Bold')
    .fontSize(8.5)
    .text('E-INVOICE', left, top, { width: textWidth });
  if (e.status === 'pending' || !e.irn || !e.ackNo || !e.ackAt || !e.signedQrCode) {
    doc
      .fontSize(10)
      .text('IRN PENDING', { width: textWidth })
      .font('Body')
      .fontSize(8.5)
      .text(
        'Not yet registered on the Invoice Registration Portal: this B2B invoice is not valid for input tax credit until it carries an IRN and the signed QR code.',
        { width: width },
      );
    return doc.y + 10;
  }
  doc
    .font('Body')
    .fontSize(8.5)
    .text(`IRN: ${e.irn}`, { width: textWidth })
    .text(`Ack No.: ${e.ackNo}`, { width: textWidth })
    .text(`Ack Date: ${indianDateTime(e.ackAt)}`, { width: textWidth });
  if (e.status === 'canceled') {
    doc
      .font('Bold')
      .text(
        `IRN CANCELLED${e.canceledAt ? ` on ${indianDateText(e.canceledAt)}` : ''}: this invoice is void.`,
        { width: textWidth },
      );
  }
  drawQr(doc, e.signedQrCode, left + width - QR_SIZE, top, QR_SIZE);
  return Math.max(doc.y, top + QR_SIZE) + 10;
}
