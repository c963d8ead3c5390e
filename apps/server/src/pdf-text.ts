// Text for the PDFs written with pdfkit's standard fonts: the packing slips (orders/) and the
// shipping labels (shipping/).

/**
 * The standard PDF fonts write Windows-1252 only: a letter outside it would come out as
 * another one on paper. It is shown as '?' instead, so a packer sees that something is missing
 * rather than a wrong name (the order page in the back office has the true text).
 */
export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff\u20ac\u2018-\u201e\u2013\u2014\u2022]/g, '?');
}
