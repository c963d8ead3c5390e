import { GST_BAND_WARNING, type ProductDetail } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const choices = {
  categories: [{ id: 1, name: 'Club Jerseys', sub_categories: [{ id: 7, name: 'Home Kits' }] }],
  teams: [{ id: 3, name: 'Kerala Blasters' }],
  players: [{ id: 4, name: 'Adrian Luna', team_id: 3 }],
};

const product: ProductDetail = {
  id: 42,
  name: 'Kerala Blasters Home 2026',
  price_paise: 199_900,
  discount_price_paise: 149_900,
  category_id: 1,
  sub_category_id: null,
  team_id: 3,
  player_id: null,
  tag: 'ISL',
  product_details: 'Yellow.',
  is_limited: false,
  is_promoted: false,
  status: 'active',
  hsn_code: '6109',
  low_stock_threshold: 3,
  image_url: 'images/products/upload-0123456789abcdef0123.webp',
  image1: null,
  image2: null,
  sizes: [
    { size: 'S', stock: 2, low: true },
    { size: 'M', stock: 6, low: false },
  ],
  printing: {
    enabled: false,
    name_paise: 0,
    number_paise: 0,
    patch_paise: null,
    colour: '#FFFFFF',
  },
  created_at: '2026-11-24T05:30:00.000Z',
  updated_at: '2026-11-24T05:30:00.000Z',
};

function setUp(role: 'manager' | 'packer' = 'manager') {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember(role)) },
    'GET /api/admin/catalogue/choices': { body: choices },
    'POST /api/admin/products': ({ body }) => ({
      body: {
        product: { ...product, ...(body as object), id: 43, status: 'draft' },
        warnings: [],
      },
    }),
    'GET /api/admin/products/43': { body: { product: { ...product, id: 43 }, warnings: [] } },
    'GET /api/admin/products/42': { body: { product, warnings: [] } },
    'GET /api/admin/products/42/stock': {
      body: {
        entries: [
          {
            id: 9,
            at: '2026-11-24T06:00:00.000Z',
            size: 'S',
            delta: -4,
            stock_after: 2,
            reason: 'adjustment',
            order_id: null,
            staff_id: 1,
            staff_name: 'Asha',
            note: 'two were damaged',
          },
        ],
        next_before: null,
      },
    },
    'POST /api/admin/products/42/stock': {
      status: 409,
      body: { error: 'stock cannot go below zero: S has 2 in stock, so it can lose at most 2' },
    },
    'PATCH /api/admin/products/42': { body: { product, warnings: [] } },
    'PATCH /api/admin/products/42/printing': ({ body }) => ({
      body: { product: { ...product, printing: body }, warnings: [] },
    }),
    'GET /api/admin/products/42/back-in-stock': {
      body: {
        sizes: [
          { size: 'S', waiting: 3 },
          { size: 'M', waiting: 0 },
        ],
      },
    },
    'GET /api/admin/products/43/back-in-stock': { body: { sizes: [] } },
  });
  return api;
}

// The form has many controls: on a busy machine a test takes a few seconds.
const SLOW = 20_000;

describe('the new product form', () => {
  it(
    'shows the contract’s errors by field before sending anything',
    async () => {
      const api = setUp();
      renderAdmin('/products/new');
      const form = await screen.findByRole('form', { name: 'New product' });
      fireEvent.change(within(form).getByLabelText('MRP (₹)'), { target: { value: 'fourteen' } });
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2000' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Create product' }));
      expect(await within(form).findByText('name is required')).toBeTruthy();
      expect(within(form).getByText('Enter rupees, like 1499 or 1,499.50')).toBeTruthy();
      expect(within(form).getByText('category_id must be an id')).toBeTruthy();
      expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    },
    SLOW,
  );

  it(
    'warns while a selling price sits in the GST band, and sends paise',
    async () => {
      const api = setUp();
      const view = renderAdmin('/products/new');
      const form = await screen.findByRole('form', { name: 'New product' });
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Band jersey' } });
      fireEvent.change(within(form).getByLabelText('MRP (₹)'), { target: { value: '3,499' } });
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2799' },
      });
      expect(await within(form).findByText(GST_BAND_WARNING)).toBeTruthy();
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2499' },
      });
      await waitFor(() => expect(within(form).queryByText(GST_BAND_WARNING)).toBeNull());
      // ₹2,625 leaves exactly ₹2,500 taxable at 5%: no warning; a paisa more, the band.
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2625' },
      });
      expect(within(form).queryByText(GST_BAND_WARNING)).toBeNull();
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2625.01' },
      });
      expect(await within(form).findByText(GST_BAND_WARNING)).toBeTruthy();
      // A code without a rate: its orders cannot be invoiced.
      fireEvent.change(within(form).getByLabelText('HSN code'), { target: { value: '4202' } });
      expect(
        await within(form).findByText(
          "HSN 4202 has no GST rate in the shop's rate table: orders of this product cannot be invoiced until it has one.",
        ),
      ).toBeTruthy();
      fireEvent.change(within(form).getByLabelText('HSN code'), { target: { value: '6109' } });
      fireEvent.change(within(form).getByLabelText('Selling price (₹)'), {
        target: { value: '2499' },
      });
      await waitFor(() => expect(within(form).queryByRole('status')).toBeNull());
      fireEvent.change(within(form).getByLabelText('Category'), { target: { value: '1' } });
      fireEvent.change(within(form).getByLabelText('Starting stock of size 2'), {
        target: { value: '5' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Create product' }));
      await waitFor(() => expect(view.path()).toBe('/admin/products/43'));
      const sent = api.calls.find((c) => c.method === 'POST')?.body;
      expect(sent).toMatchObject({
        name: 'Band jersey',
        price_paise: 349_900,
        discount_price_paise: 249_900,
        category_id: 1,
        team_id: null,
        sizes: [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 5 },
          { size: 'L', stock: 0 },
          { size: 'XL', stock: 0 },
        ],
      });
      expect(await screen.findByText('Saved as a draft.', {}, { timeout: 4000 })).toBeTruthy();
    },
    SLOW,
  );
});

describe('a product’s page', () => {
  it(
    'shows sizes with their stock, the history, and refuses to remove a size with stock',
    async () => {
      setUp();
      renderAdmin('/products/42');
      const form = await screen.findByRole('form', { name: 'Edit Kerala Blasters Home 2026' });
      expect(await screen.findByText(/two were damaged/)).toBeTruthy();
      expect(screen.getByText('Count corrected', { exact: false })).toBeTruthy();
      const waiting = await screen.findByRole('region', { name: 'Waiting for a restock' });
      expect(
        within(waiting)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['S: 3 shoppers']);
      fireEvent.click(within(form).getByRole('button', { name: 'Remove size M' }));
      expect(
        await within(form).findByText(
          'M still has 6 in stock: adjust it to zero before removing it.',
        ),
      ).toBeTruthy();
      expect(
        screen.getByRole('img', { name: 'Card picture of Kerala Blasters Home 2026' }),
      ).toBeTruthy();
      // Each slot says where shoppers see it; the gallery preview follows the product page.
      expect(
        screen.getByText('On cards, in the cart and in lists; last on the product page.'),
      ).toBeTruthy();
      const gallery = screen.getByRole('list', { name: 'The product page’s gallery' });
      expect(
        within(gallery)
          .getAllByRole('img')
          .map((i) => i.getAttribute('alt')),
      ).toEqual(['1: Card picture']);
    },
    SLOW,
  );

  it(
    'adjusts stock in a dialog that asks a note for a correction and shows the refusal',
    async () => {
      setUp('packer');
      renderAdmin('/products/42');
      fireEvent.click(await screen.findByRole('button', { name: 'Adjust stock of S' }));
      const dialog = await screen.findByRole('dialog', { name: 'Stock of size S' });
      fireEvent.click(within(dialog).getByLabelText('Add or remove'));
      fireEvent.change(within(dialog).getByLabelText('Pieces to add (negative to remove)'), {
        target: { value: '-3' },
      });
      fireEvent.change(within(dialog).getByLabelText('Reason'), {
        target: { value: 'adjustment' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save stock' }));
      expect(
        await within(dialog).findByText(
          'note is required for an adjustment: say why the count changed',
        ),
      ).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText('Note (required)'), {
        target: { value: 'lost' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save stock' }));
      expect(
        await within(dialog).findByText(
          'stock cannot go below zero: S has 2 in stock, so it can lose at most 2',
        ),
      ).toBeTruthy();
      // A packer counts stock but does not edit the product.
      expect(screen.queryByRole('form', { name: /^Edit/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'switches name and number printing on with prices in rupees, sent as paise',
    async () => {
      const api = setUp();
      renderAdmin('/products/42');
      const panel = await screen.findByRole('region', { name: 'Name and number printing' });
      fireEvent.click(within(panel).getByLabelText('Offer printing on this shirt'));
      fireEvent.change(within(panel).getByLabelText('Name price (₹)'), {
        target: { value: 'three hundred' },
      });
      fireEvent.change(within(panel).getByLabelText('Lettering colour'), {
        target: { value: 'yellow' },
      });
      fireEvent.click(within(panel).getByRole('button', { name: 'Save printing' }));
      expect(await within(panel).findByText('Enter rupees, like 300 or 349.50')).toBeTruthy();
      expect(within(panel).getByText('colour must be a colour like #FFFFFF')).toBeTruthy();
      expect(api.calls.some((c) => c.path.endsWith('/printing'))).toBe(false);
      fireEvent.change(within(panel).getByLabelText('Name price (₹)'), {
        target: { value: '300' },
      });
      fireEvent.change(within(panel).getByLabelText('Number price (₹)'), {
        target: { value: '199.50' },
      });
      fireEvent.change(within(panel).getByLabelText('Lettering colour'), {
        target: { value: '#fdd116' },
      });
      fireEvent.click(within(panel).getByRole('button', { name: 'Save printing' }));
      expect(await screen.findByText('Printing saved.')).toBeTruthy();
      expect(api.calls.find((c) => c.path.endsWith('/printing'))?.body).toEqual({
        enabled: true,
        name_paise: 30_000,
        number_paise: 19_950,
        patch_paise: null,
        colour: '#FDD116',
      });
    },
    SLOW,
  );
});
