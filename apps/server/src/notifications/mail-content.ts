// What a mail says, as a few kinds of blocks that both its HTML (mail-layout.tsx) and its
// plain text (below) are rendered from, so the two parts of one mail never disagree.

/** A line of an order as a mail lists it. */
export interface MailLine {
  name: string;
  size: string;
  quantity: number;
  /** Formatted money, e.g. '₹2,598'. */
  amount: string;
  /** The jersey's picture (an absolute http(s) address), shown beside the line in HTML. */
  image?: string;
}

export type Block =
  | { kind: 'text'; text: string }
  /** An order's lines with its totals under them (the last total in bold). */
  | { kind: 'lines'; lines: MailLine[]; totals: { label: string; value: string }[] }
  /** Label: value pairs (courier, tracking id); a value with an http(s) href is a link. */
  | { kind: 'facts'; rows: { label: string; value: string; href?: string | null }[] }
  /** The mail's main link, as a button; `quiet` ones are plain links under it. */
  | { kind: 'link'; label: string; href: string; quiet?: boolean }
  /** A table of rows (the staff digest's orders). */
  | { kind: 'table'; head: string[]; rows: string[][] };

export interface MailContent {
  subject: string;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  blocks: Block[];
  /**
   * A marketing mail's one-click unsubscribe address (RFC 8058): sent as List-Unsubscribe
   * with List-Unsubscribe-Post, so a mail client's Unsubscribe button POSTs to it.
   */
  unsubscribe?: string;
}

/** Around every mail: the shop's name and home page, and the paragraphs at its foot. */
export interface MailFrame {
  shopName: string;
  publicUrl: string;
  footer: string[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes: the shop's support address, on every shopper mail that has one. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on a marketing mail). */
  headers?: Record<string, string>;
}

/** Only http(s) addresses become links: a typed tracking link could say javascript:. */
export function isWebLink(href: string | null | undefined): href is string {
  return typeof href === 'string' && /^https?:\/\/[^\s]+$/i.test(href);
}

/** `2 × Kerala Blasters Home Jersey (size M) — ₹2,598`. */
export function lineText(l: MailLine): string {
  return `${l.quantity} × ${l.name} (size ${l.size}) — ${l.amount}`;
}

function blockText(b: Block): string {
  switch (b.kind) {
    case 'text':
      return b.text;
    case 'lines':
      return [...b.lines.map(lineText), '', ...b.totals.map((t) => `${t.label} ${t.value}`)].join(
        '\n',
      );
    case 'facts':
      return b.rows
        .map(
          (r) =>
            `${r.label}: ${r.value}${isWebLink(r.href) && r.href !== r.value ? ` (${r.href})` : ''}`,
        )
        .join('\n');
    case 'link':
      return `${b.label}: ${b.href}`;
    case 'table':
      return b.rows.map((cells) => cells.join(' · ')).join('\n');
  }
}

/** The plain-text part: the heading, each block as a paragraph, the frame's footer. */
export function contentText(content: MailContent, frame: MailFrame): string {
  const parts = [content.heading, ...content.blocks.map(blockText)];
  const footer = frame.footer.length > 0 ? `--\n${frame.footer.join('\n\n')}` : '';
  return `${[...parts, footer].filter(Boolean).join('\n\n')}\n`;
}
