// The HTML part of a mail: React components rendered to static markup on the server (decision
// 020), in the storefront's colours. Mail clients drop <style> and most CSS, so the layout is
// tables with inline styles and a 560 px column that also reads on a phone.
// The server runs under tsx from the repository's root too, where no tsconfig names the JSX
// runtime: the pragma keeps this file on React's automatic runtime wherever it is compiled.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  isWebLink,
  type Block,
  type MailContent,
  type MailFrame,
  type MailLine,
} from './mail-content.js';

// apps/web/src/index.css: ink, volt, muted, line, paper.
const INK = '#0b1220';
const VOLT = '#d4ff3a';
const MUTED = '#5b6475';
const LINE = '#e3e6ec';
const PAPER = '#f5f6f8';
const FONT = 'Arial, Helvetica, sans-serif';

const text: CSSProperties = { margin: '0 0 14px', fontSize: 15, lineHeight: '22px', color: INK };
const cell: CSSProperties = {
  padding: '8px 0',
  borderBottom: `1px solid ${LINE}`,
  fontSize: 14,
  color: INK,
};

function Presentation({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', ...style }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Lines({
  lines,
  totals,
}: {
  lines: MailLine[];
  totals: { label: string; value: string }[];
}) {
  return (
    <Presentation style={{ margin: '4px 0 18px' }}>
      {lines.map((l, i) => (
        <tr key={i}>
          <td style={cell}>
            {isWebLink(l.image) && (
              <img
                src={l.image}
                alt=""
                width={56}
                height={56}
                style={{ float: 'left', marginRight: 12, borderRadius: 6, objectFit: 'cover' }}
              />
            )}
            {l.quantity} × {l.name}
            <br />
            <span style={{ color: MUTED, fontSize: 13 }}>Size {l.size}</span>
          </td>
          <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
            {l.amount}
          </td>
        </tr>
      ))}
      {totals.map((t, i) => {
        const last = i === totals.length - 1;
        const style: CSSProperties = {
          padding: '6px 0 0',
          fontSize: last ? 16 : 14,
          fontWeight: last ? 700 : 400,
          color: last ? INK : MUTED,
        };
        return (
          <tr key={`t${i}`}>
            <td style={style}>{t.label}</td>
            <td style={{ ...style, textAlign: 'right', whiteSpace: 'nowrap' }}>{t.value}</td>
          </tr>
        );
      })}
    </Presentation>
  );
}

function Facts({ rows }: { rows: { label: string; value: string; href?: string | null }[] }) {
  return (
    <Presentation style={{ margin: '0 0 18px' }}>
      {rows.map((r, i) => (
        <tr key={i}>
          <td style={{ ...cell, color: MUTED, width: '38%', verticalAlign: 'top' }}>{r.label}</td>
          <td style={cell}>
            {isWebLink(r.href) ? (
              <a href={r.href} style={{ color: INK }}>
                {r.value}
              </a>
            ) : (
              r.value
            )}
          </td>
        </tr>
      ))}
    </Presentation>
  );
}

function Link({ label, href, quiet }: { label: string; href: string; quiet?: boolean }) {
  if (quiet) {
    return (
      <p style={text}>
        <a href={href} style={{ color: INK }}>
          {label}
        </a>
      </p>
    );
  }
  return (
    <p style={{ margin: '6px 0 20px' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          background: VOLT,
          color: INK,
          fontWeight: 700,
          fontSize: 15,
          padding: '12px 20px',
          borderRadius: 6,
          textDecoration: 'none',
        }}
      >
        {label}
      </a>
    </p>
  );
}

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <Presentation style={{ margin: '0 0 18px' }}>
      <tr>
        {head.map((h, i) => (
          <th
            key={i}
            align="left"
            style={{ ...cell, color: MUTED, fontSize: 12, textTransform: 'uppercase' }}
          >
            {h}
          </th>
        ))}
      </tr>
      {rows.map((cells, r) => (
        <tr key={r}>
          {cells.map((c, i) => (
            <td key={i} style={{ ...cell, paddingRight: 8 }}>
              {c}
            </td>
          ))}
        </tr>
      ))}
    </Presentation>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'text':
      return <p style={text}>{block.text}</p>;
    case 'lines':
      return <Lines lines={block.lines} totals={block.totals} />;
    case 'facts':
      return <Facts rows={block.rows} />;
    case 'link':
      return <Link label={block.label} href={block.href} quiet={block.quiet} />;
    case 'table':
      return <Table head={block.head} rows={block.rows} />;
  }
}

function Mail({ content, frame }: { content: MailContent; frame: MailFrame }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: PAPER, fontFamily: FONT }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{content.preview}</div>
        <Presentation style={{ background: PAPER }}>
          <tr>
            <td align="center" style={{ padding: '24px 12px' }}>
              <Presentation style={{ maxWidth: 560, background: '#ffffff', fontFamily: FONT }}>
                <tr>
                  <td style={{ background: INK, padding: '16px 24px' }}>
                    <a
                      href={frame.publicUrl}
                      style={{
                        color: '#ffffff',
                        fontSize: 20,
                        fontWeight: 700,
                        textDecoration: 'none',
                      }}
                    >
                      {frame.shopName}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: '24px 24px 8px' }}>
                    <h1
                      style={{ margin: '0 0 16px', fontSize: 22, lineHeight: '28px', color: INK }}
                    >
                      {content.heading}
                    </h1>
                    {content.blocks.map((b, i) => (
                      <BlockView key={i} block={b} />
                    ))}
                  </td>
                </tr>
                {frame.footer.length > 0 && (
                  <tr>
                    <td style={{ padding: '16px 24px 24px', borderTop: `1px solid ${LINE}` }}>
                      {frame.footer.map((p, i) => (
                        <p key={i} style={{ ...text, fontSize: 13, color: MUTED }}>
                          {p}
                        </p>
                      ))}
                    </td>
                  </tr>
                )}
              </Presentation>
            </td>
          </tr>
        </Presentation>
      </body>
    </html>
  );
}

/** The HTML part of a mail. */
export function contentHtml(content: MailContent, frame: MailFrame): string {
  return `<!doctype html>${renderToStaticMarkup(<Mail content={content} frame={frame} />)}`;
}
