// pdfkit's registerFont also takes a font fontkit has opened (its PDFFontFactory.open uses any
// object with layout()), which @types/pdfkit does not say: document-pdf.ts shares one opened
// font between documents.
import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}
