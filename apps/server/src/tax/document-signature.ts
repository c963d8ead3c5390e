// Digital signatures on the tax documents' PDFs (CGST Rule 46(q); decision 069). pdfkit writes
// the signature's field and an empty /Contents of fixed length while it renders; @signpdf then
// hashes every byte but that gap and fills it with a detached PKCS#7 (CMS) signature made with
// the shop's PKCS#12 certificate. One signature covers the whole file.
//
// The placeholder is the few lines of @signpdf/placeholder-pdfkit, written here: that package
// declares pdfkit ^0.11 as its peer, which npm refuses beside our pdfkit 0.20 (it works with
// it: it uses only pdfkit's `ref`, `initForm` and the page's annotations).
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import {
  ANNOTATION_FLAGS,
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  DEFAULT_SIGNATURE_LENGTH,
  SIG_FLAGS,
  SUBFILTER_ADOBE_PKCS7_DETACHED,
} from '@signpdf/utils';

export interface SignatureField {
  /** Who signs: the certificate's common name. */
  name: string;
  reason: string;
  /** Where: the shop's city. */
  location: string;
  signedAt: Date;
  /** The visible box on the current page, in pdfkit's coordinates (from the top left). */
  box: { x: number; y: number; width: number; height: number };
}

/** pdfkit's form dictionary as the placeholder fills it. */
interface AcroFormData {
  Fields: unknown[];
  DR?: unknown;
}

/**
 * Adds the signature's dictionary, with room for the signature, and its widget on the current
 * page over the visible box (drawn by the caller). Call it before `doc.end()`.
 */
export function addSignaturePlaceholder(doc: PDFKit.PDFDocument, field: SignatureField): void {
  const signature = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [
      0,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
    ],
    Contents: Buffer.from(String.fromCharCode(0).repeat(DEFAULT_SIGNATURE_LENGTH)),
    // pdfkit writes a String object as a PDF text string, a plain string as a name.
    Reason: new String(field.reason),
    M: field.signedAt,
    Name: new String(field.name),
    Location: new String(field.location),
    ContactInfo: new String(''),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: 'Kitroom' } },
  });
  doc.initForm();
  const form = (doc as unknown as { _root: { data: { AcroForm: { data: AcroFormData } } } })._root
    .data.AcroForm;
  form.data = {
    ...form.data,
    SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY,
  } as AcroFormData;
  const page = doc.page as unknown as {
    height: number;
    dictionary: PDFKit.PDFKitReference;
    annotations: PDFKit.PDFKitReference[];
  };
  const { x, y, width, height } = field.box;
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    // PDF's own coordinates run from the bottom left.
    Rect: [x, page.height - y - height, x + width, page.height - y],
    V: signature,
    T: new String(`Signature${form.data.Fields.length + 1}`),
    F: ANNOTATION_FLAGS.PRINT,
    P: page.dictionary,
  });
  page.annotations.push(widget);
  form.data.Fields.push(widget);
  // Nothing more to write into either: pdfkit writes them out now.
  signature.end(undefined);
  widget.end(undefined);
}

/** Fills the placeholder of a rendered PDF with the signature of the PKCS#12 file's key. */
export function signPdf(
  pdf: Buffer,
  p12: Buffer,
  password: string,
  signedAt: Date,
): Promise<Buffer> {
  return new SignPdf().sign(pdf, new P12Signer(p12, { passphrase: password }), signedAt);
}
