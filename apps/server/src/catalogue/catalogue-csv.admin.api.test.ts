// The catalogue's CSV export and import, as staff use them: a file exported and imported
// again changes nothing; an edited file changes exactly what was edited, with ledger rows
// 'import' and audit rows; a file with one bad row changes nothing and says which row and
// column; a packer may export but not import; formulas come back as the text they were.
import {
  CSV_COLUMNS,
  PICTURE_NEEDED,
  unescapeCell,
  type CatalogueImportResult,
} from '@kitroom/contract/admin';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, stockLedger, queryRows } from '../db/index.js';
import { createProduct, ensureCategory, ensurePlayer, ensureTeam } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { NOT_UTF8 } from './catalogue-csv-read.js';

let t: TestApp;
let origin: string;
let manager: TestStaff;

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
  manager = await createStaff(t.db, 'manager');
  const team = await ensureTeam(t.db, 'Kerala Blasters');
  await ensurePlayer(t.db, 'Adrian Luna', team);
  await ensureCategory(t.db, 'Retro Jerseys');
  await createProduct(t.db, {
    name: 'Kerala Blasters Home 2024',
    team: 'Kerala Blasters',
    player: 'Adrian Luna',
    subCategory: 'ISL',
    pricePaise: 199_900,
    discountPricePaise: 149_950,
    sizes: { S: 5, M: 10, L: 0 },
    tag: 'home, kochi',
    isPromoted: true,
  });
  // Cells a spreadsheet would run as formulas.
  await createProduct(t.db, {
    name: '=HYPERLINK("http://evil.example","Click")',
    tag: '+91 98470 12345',
    details: '@home -- "quoted", with a comma\nand a second line',
    sizes: { XL: 2 },
  });
  await createProduct(t.db, { name: "'=already quoted", tag: '-5%' });
});
afterAll(() => t?.close());

async function exportCsv(cookie = manager.cookie) {
  return t.app.inject({ method: 'GET', url: '/api/admin/catalogue/csv', headers: { cookie } });
}

async function importCsv(
  body: string | Buffer,
  mode: 'dry-run' | 'apply',
  plan?: string,
  cookie = manager.cookie,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/csv?mode=${mode}${plan ? `&plan=${plan}` : ''}`,
    headers: { origin, cookie, 'content-type': 'text/csv' },
    payload: body,
  });
  const lines = res.body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { type: string });
  return { res, lines, result: lines.at(-1) as CatalogueImportResult };
}

/** Everything an import could change, to compare before and after. */
async function snapshot() {
  const rows = await queryRows<Record<string, unknown>>(
    t.db,
    sql`SELECT p.id, p.name, p.status, p.active, p.category_id, p.sub_category_id, p.team_id,
          p.player_id, p.price_paise, p.discount_price_paise, p.hsn_code, p.low_stock_threshold,
          p.tag, p.is_limited, p.is_promoted, p.image_url, p.image1, p.image2,
          p.product_details, p.sizes_in_stock, p.updated_at,
          (SELECT json_agg(json_build_object('size', s.size, 'stock', s.stock, 'position', s.position)
                           ORDER BY s.position) FROM product_sizes s WHERE s.product_id = p.id) AS sizes
        FROM products p ORDER BY p.id`,
  );
  const [ledger] = await t.db.select({ n: count() }).from(stockLedger);
  const [audit] = await t.db.select({ n: count() }).from(auditLog);
  const subs = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM sub_categories`,
  );
  return { rows, ledger: ledger?.n, audit: audit?.n, subCategories: subs[0]?.n };
}

/** A product's stock: its sizes'. */
async function stockOf(id: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    t.db,
    sql`SELECT coalesce(sum(stock), 0)::int AS stock FROM product_sizes WHERE product_id = ${id}`,
  );
  return row!.stock;
}

const records = (csv: string) => parse(csv, { bom: true }) as string[][];
const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
const toCsv = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });

describe('export then import of the same file', () => {
  it('exports every product with a BOM, the header, and formulas written as text', async () => {
    const res = await exportCsv();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kitroom-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = records(res.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const kerala = rows[0]!;
    expect(kerala[col('name')]).toBe('Kerala Blasters Home 2024');
    expect(kerala[col('team')]).toBe('Kerala Blasters');
    expect(kerala[col('player')]).toBe('Adrian Luna');
    expect(kerala[col('sub_category')]).toBe('ISL');
    expect(kerala[col('price')]).toBe('1999.00');
    expect(kerala[col('discount_price')]).toBe('1499.50');
    expect(kerala[col('sizes')]).toBe('S:5|M:10|L:0');
    expect(kerala[col('is_promoted')]).toBe('yes');
    const formula = rows[1]!;
    expect(formula[col('name')]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(formula[col('tag')]).toBe("'+91 98470 12345");
    expect(formula[col('product_details')]).toBe(
      '\'@home -- "quoted", with a comma\nand a second line',
    );
    expect(rows[2]![col('name')]).toBe("''=already quoted");
    expect(rows[2]![col('tag')]).toBe("'-5%");
  });

  it('dry run: nothing to create or update, every row unchanged', async () => {
    const file = (await exportCsv()).body;
    const { res, result } = await importCsv(file, 'dry-run');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(result).toMatchObject({
      type: 'result',
      outcome: 'checked',
      rows: 3,
      creates: 0,
      updates: 0,
      unchanged: 3,
      stock_changes: 0,
      errors: [],
      error_count: 0,
      changes: [],
    });
  });

  it('apply: changes no row and writes no ledger or audit row', async () => {
    const file = (await exportCsv()).body;
    const before = await snapshot();
    const dry = await importCsv(file, 'dry-run');
    const { result } = await importCsv(file, 'apply', dry.result.plan);
    expect(result).toMatchObject({ outcome: 'applied', creates: 0, updates: 0, unchanged: 3 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('an edited file', () => {
  it('applies exactly the edits: a price, a stock count, a new product', async () => {
    const [header, ...rows] = records((await exportCsv()).body);
    const kerala = rows[0]!;
    const keralaId = Number(kerala[col('id')]);
    const formulaId = Number(rows[1]![col('id')]);
    kerala[col('discount_price')] = '1,299';
    rows[1]![col('sizes')] = 'XL:7';
    const added = [...kerala];
    added[col('id')] = '';
    added[col('name')] = 'Kerala Blasters Away 2024';
    added[col('sub_category')] = 'ISL Away';
    added[col('sizes')] = 'M:4|L:6';
    const file = toCsv([header!, ...rows, added]);

    const before = await snapshot();
    const dry = await importCsv(file, 'dry-run');
    expect(dry.result).toMatchObject({
      outcome: 'checked',
      creates: 1,
      updates: 2,
      unchanged: 1,
      stock_changes: 3,
      new_sub_categories: ['ISL Away'],
    });
    expect(dry.result.changes).toEqual([
      {
        row: 2,
        id: keralaId,
        name: 'Kerala Blasters Home 2024',
        action: 'update',
        fields: ['discount_price'],
      },
      {
        row: 3,
        id: formulaId,
        name: rows[1]![col('name')]!.slice(1),
        action: 'update',
        fields: ['sizes'],
      },
      expect.objectContaining({
        row: 5,
        id: null,
        action: 'create',
        name: 'Kerala Blasters Away 2024',
      }),
    ]);
    expect(await snapshot()).toEqual(before);

    const applied = await importCsv(file, 'apply', dry.result.plan);
    expect(applied.result.outcome).toBe('applied');
    const [k] = await t.db.select().from(products).where(eq(products.id, keralaId));
    expect(k).toMatchObject({ discountPricePaise: 129_900, pricePaise: 199_900 });
    expect(await stockOf(keralaId)).toBe(15);
    const [f] = await t.db.select().from(products).where(eq(products.id, formulaId));
    expect(f).toMatchObject({ name: '=HYPERLINK("http://evil.example","Click")' });
    expect(await stockOf(formulaId)).toBe(7);
    const [made] = await t.db
      .select()
      .from(products)
      .where(eq(products.name, 'Kerala Blasters Away 2024'));
    expect(made).toMatchObject({ status: 'active', active: true, pricePaise: 199_900 });
    expect(await stockOf(made!.id)).toBe(10);

    const ledger = await t.db.select().from(stockLedger).orderBy(stockLedger.id);
    expect(
      ledger
        .slice(-3)
        .map((l) => [l.productId, l.size, l.delta, l.stockAfter, l.reason, l.staffId]),
    ).toEqual([
      [made!.id, 'M', 4, 4, 'import', manager.id],
      [made!.id, 'L', 6, 6, 'import', manager.id],
      [formulaId, 'XL', 5, 7, 'import', manager.id],
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'product'));
    expect(audit.find((a) => a.entityId === String(keralaId))).toMatchObject({
      action: 'csv-import-update',
      staffId: manager.id,
      before: { discount_price: '1499.50' },
      after: { discount_price: '1299.00' },
    });
    expect(audit.find((a) => a.entityId === String(made!.id))?.action).toBe('csv-import-create');

    // The new export is the edited file, and imports as unchanged.
    const again = await importCsv((await exportCsv()).body, 'dry-run');
    expect(again.result).toMatchObject({ creates: 0, updates: 0, unchanged: 4 });
  });

  it('refuses to apply when the catalogue changed since the dry run in a way that matters', async () => {
    const [header, ...rows] = records((await exportCsv()).body);
    rows[0]![col('tag')] = 'edited tag';
    const file = toCsv([header!, ...rows]);
    const dry = await importCsv(file, 'dry-run');
    expect(dry.result.updates).toBe(1);
    // A sale of a product in the file, after the dry run.
    const id = Number(rows[1]![col('id')]);
    await t.db.execute(sql`UPDATE product_sizes SET stock = stock - 1 WHERE product_id = ${id}`);
    const before = await snapshot();
    const { result } = await importCsv(file, 'apply', dry.result.plan);
    expect(result).toMatchObject({ outcome: 'changed', updates: 2 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a file with a bad row applies nothing and names the row and column', () => {
  /** The products in the file's rows, as an error names them: the file's row 3 is `named[3]`. */
  let named: string[] = [];

  async function badFile(edit: (rows: string[][]) => void) {
    const [header, ...rows] = records((await exportCsv()).body);
    rows[0]![col('tag')] = 'a change that would apply';
    edit(rows);
    named = [
      '',
      '',
      ...rows.map((r) => `#${r[col('id')]} ${unescapeCell(r[col('name')]!)}`.trim()),
    ];
    return toCsv([header!, ...rows]);
  }

  /** Each error names its row's product (none for the file's own problems). */
  async function expectRefused(
    file: string | Buffer,
    errors: { row: number; product?: string; column: string; message: string }[],
  ) {
    const before = await snapshot();
    for (const mode of ['dry-run', 'apply'] as const) {
      const { res, result } = await importCsv(file, mode);
      expect(res.statusCode).toBe(200);
      expect(result.outcome).toBe('refused');
      expect(result.errors).toEqual(errors.map((e) => ({ product: '', ...e })));
      expect(result.error_count).toBe(errors.length);
    }
    expect(await snapshot()).toEqual(before);
  }

  it('a bad price', async () => {
    await expectRefused(
      await badFile((rows) => {
        rows[1]![col('price')] = '14,99.0.0';
        rows[2]![col('discount_price')] = '0';
      }),
      [
        {
          row: 3,
          product: named[3],
          column: 'price',
          message: 'price must be rupees, like 1499.00',
        },
        {
          row: 4,
          product: named[4],
          column: 'discount_price',
          message: 'discount_price_paise must be more than zero',
        },
      ],
    );
  });

  it('an unknown team, category or player', async () => {
    await expectRefused(
      await badFile((rows) => {
        rows[1]![col('team')] = 'Atletico Kozhikode';
        rows[2]![col('category')] = 'Scarves';
        rows[2]![col('player')] = 'Nobody';
      }),
      [
        {
          row: 3,
          product: named[3],
          column: 'team',
          message: 'there is no team named "Atletico Kozhikode"',
        },
        {
          row: 4,
          product: named[4],
          column: 'category',
          message: 'there is no category named "Scarves"',
        },
        {
          row: 4,
          product: named[4],
          column: 'player',
          message: 'there is no player named "Nobody"',
        },
      ],
    );
  });

  it('a duplicate size, sizes not written as SIZE:STOCK, and an unknown id', async () => {
    await expectRefused(
      await badFile((rows) => {
        rows[1]![col('sizes')] = 'M:1|m:2';
        rows[2]![col('sizes')] = 'M=1';
        rows[3]![col('id')] = '999999';
      }),
      [
        { row: 3, product: named[3], column: 'sizes', message: 'each size may appear only once' },
        {
          row: 4,
          product: named[4],
          column: 'sizes',
          message: 'sizes must be written as SIZE:STOCK separated by |, like S:5|M:10|L:0',
        },
        {
          row: 5,
          product: named[5],
          column: 'id',
          message: 'there is no product with id 999999; leave id empty for a new product',
        },
      ],
    );
  });

  it('a wrong column header', async () => {
    const file = (await exportCsv()).body.replace('discount_price', 'selling_price');
    await expectRefused(file, [
      {
        row: 1,
        column: 'selling_price',
        message: `column selling_price is not one of ${CSV_COLUMNS.join(', ')}`,
      },
      { row: 1, column: 'discount_price', message: 'column discount_price is missing' },
    ]);
  });

  it('a file that is not UTF-8 text', async () => {
    const latin1 = Buffer.from(
      (await badFile((rows) => (rows[1]![col('name')] = 'Müller 13'))).replace(/^\uFEFF/, ''),
      'latin1',
    );
    await expectRefused(latin1, [{ row: 1, column: '', message: NOT_UTF8 }]);
    const garbage = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
    await expectRefused(garbage, [{ row: 1, column: '', message: NOT_UTF8 }]);
  });

  it('an empty file, and a header without products', async () => {
    const empty = 'the file is empty: it needs the header row and at least one product';
    await expectRefused('', [{ row: 1, column: '', message: empty }]);
    await expectRefused(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`, [
      { row: 2, column: '', message: empty },
    ]);
  });

  it('a row with a missing cell, and a product the form would refuse', async () => {
    let product4 = '';
    await expectRefused(
      await badFile((rows) => {
        product4 = `#${rows[2]![col('id')]}`;
        rows[1]!.pop();
        rows[2]![col('name')] = '   ';
        rows[2]![col('hsn_code')] = '61';
        rows[2]![col('status')] = 'live';
      }),
      [
        { row: 3, column: '', message: 'the row has 18 cells where the header has 19' },
        { row: 4, product: product4, column: 'name', message: 'name is required' },
        {
          row: 4,
          product: product4,
          column: 'status',
          message: 'status must be one of draft, active, archived',
        },
        {
          row: 4,
          product: product4,
          column: 'hsn_code',
          message: 'hsn_code must be 4, 6 or 8 digits',
        },
      ],
    );
  });
});

describe('drafts and archived products without a picture', () => {
  it('export and import back unchanged; an active one without a picture is refused by name', async () => {
    const archived = await createProduct(t.db, { name: 'Retired Away Kit' });
    const draft = await createProduct(t.db, { name: 'Next Season Home' });
    await t.db.execute(
      sql`UPDATE products SET image_url = '', image1 = '', image2 = '',
                 status = CASE WHEN id = ${archived} THEN 'archived' ELSE 'draft' END,
                 active = false
          WHERE id IN (${archived}, ${draft})`,
    );
    try {
      const file = (await exportCsv()).body;
      const { result } = await importCsv(file, 'dry-run');
      expect(result).toMatchObject({ outcome: 'checked', errors: [], updates: 0, creates: 0 });

      const [header, ...rows] = records(file);
      const row = rows.findIndex((r) => r[col('id')] === String(draft));
      rows[row]![col('status')] = 'active';
      const refused = await importCsv(toCsv([header!, ...rows]), 'dry-run');
      expect(refused.result.errors).toEqual([
        {
          row: row + 2,
          product: `#${draft} Next Season Home`,
          column: 'picture_1',
          message: PICTURE_NEEDED,
        },
      ]);
    } finally {
      await t.db.execute(
        sql`DELETE FROM product_sizes WHERE product_id IN (${archived}, ${draft})`,
      );
      await t.db.execute(sql`DELETE FROM products WHERE id IN (${archived}, ${draft})`);
    }
  });
});

describe('who may', () => {
  it('a packer may export but not import', async () => {
    const packer = await createStaff(t.db, 'packer');
    const exported = await exportCsv(packer.cookie);
    expect(exported.statusCode).toBe(200);
    const before = await snapshot();
    const { res } = await importCsv(exported.body, 'apply', undefined, packer.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your role does not allow this.' });
    expect(await snapshot()).toEqual(before);
  });

  it('the import takes only a CSV body and a mode', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/csv?mode=dry-run',
      headers: { origin, cookie: manager.cookie, 'content-type': 'application/json' },
      payload: { csv: 'id,name' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: 'Send the file as text/csv.' });
    const noMode = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/csv?mode=now',
      headers: { origin, cookie: manager.cookie, 'content-type': 'text/csv' },
      payload: 'id',
    });
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().error).toContain('mode must be dry-run or apply');
  });
});
