// A small SVG line chart: p99 latency (y) against catalogue size (x, logarithmic), one line
// per API scenario. Plain SVG text, no dependencies.

export interface Series {
  label: string;
  points: { x: number; y: number }[];
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Dashed horizontal lines, e.g. budgets. */
  guides?: { y: number; label: string }[];
}

const COLOURS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
];

const W = 760;
const H = 420;
const M = { top: 40, right: 250, bottom: 56, left: 64 };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function formatCount(n: number): string {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n);
}

/** The chart as an SVG document. */
export function lineChart(series: readonly Series[], o: ChartOptions): string {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const ys = [
    ...series.flatMap((s) => s.points.map((p) => p.y)),
    ...(o.guides ?? []).map((g) => g.y),
  ];
  const yMax = niceCeiling(Math.max(1, ...ys) * 1.05);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const lo = Math.log10(xs[0] ?? 1);
  const hi = Math.log10(xs[xs.length - 1] ?? 10);
  // Points sit a little inside the axes, so the first and last are not drawn on them.
  const pad = 30;
  const xAt = (x: number) =>
    hi === lo
      ? M.left + plotW / 2
      : M.left + pad + ((Math.log10(x) - lo) / (hi - lo)) * (plotW - 2 * pad);
  const yAt = (y: number) => M.top + plotH - (y / yMax) * plotH;
  const f = (n: number) => n.toFixed(1);

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="22" font-size="15" font-weight="bold">${escapeXml(o.title)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const v = (yMax / 5) * i;
    const y = f(yAt(v));
    parts.push(
      `<line x1="${M.left}" x2="${M.left + plotW}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`,
      `<text x="${M.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${Number(v.toFixed(2))}</text>`,
    );
  }
  for (const x of xs) {
    const px = f(xAt(x));
    parts.push(
      `<line x1="${px}" x2="${px}" y1="${M.top}" y2="${M.top + plotH}" stroke="#e5e5e5"/>`,
      `<text x="${px}" y="${M.top + plotH + 18}" text-anchor="middle">${formatCount(x)}</text>`,
    );
  }
  parts.push(
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + plotH}" stroke="#333"/>`,
    `<line x1="${M.left}" x2="${M.left + plotW}" y1="${M.top + plotH}" y2="${M.top + plotH}" stroke="#333"/>`,
    `<text x="${M.left + plotW / 2}" y="${H - 12}" text-anchor="middle">${escapeXml(o.xLabel)}</text>`,
    `<text transform="translate(16 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(o.yLabel)}</text>`,
  );
  (o.guides ?? []).forEach((g, i) => {
    const y = f(yAt(g.y));
    // Alternate sides, so the labels of two close guides do not overlap.
    const [x, anchor] = i % 2 === 0 ? [M.left + plotW - 4, 'end'] : [M.left + 4, 'start'];
    parts.push(
      `<line x1="${M.left}" x2="${M.left + plotW}" y1="${y}" y2="${y}" stroke="#999" stroke-dasharray="5 4"/>`,
      `<text x="${x}" y="${Number(y) - 4}" text-anchor="${anchor}" fill="#666">${escapeXml(g.label)}</text>`,
    );
  });
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    if (pts.length > 1) {
      const d = pts.map((p) => `${f(xAt(p.x))},${f(yAt(p.y))}`).join(' ');
      parts.push(`<polyline points="${d}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    }
    for (const p of pts) {
      parts.push(
        `<circle cx="${f(xAt(p.x))}" cy="${f(yAt(p.y))}" r="3.5" fill="${colour}"><title>${escapeXml(`${s.label}: ${p.y} ms at ${p.x} products`)}</title></circle>`,
      );
    }
    const ly = M.top + 8 + i * 20;
    const lx = W - M.right + 20;
    parts.push(
      `<line x1="${lx}" x2="${lx + 18}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${lx + 24}" y="${ly}" dominant-baseline="middle">${escapeXml(s.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
