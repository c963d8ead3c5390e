import type { ProductDetail } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderLoadedApp } from '@/test/render-app';
import { productLoader } from './loaders';
import { checkPrintDraft } from './print-rules';
import ProductPage from './product-page';

const product: ProductDetail['product'] = {
  id: 7,
  name: 'Argentina Home Jersey 2026',
  price: 2999,
  discount_price: 2400,
  image_url: 'images/products/7.webp',
  image1: null,
  image2: null,
  stock_quantity: 9,
  size: { M: 5, L: 4 },
  category_name: 'National Teams',
  sub_category_name: 'Home Kits',
  team_name: 'Argentina',
  player_name: null,
  tag: 'argentina',
  product_rating: 0,
  review_count: 0,
  product_details: 'The home shirt.',
};

const offer = { name_price: 300, number_price: 200, patch_price: 150, colour: '#1A2B3C' };

afterEach(() => localStorage.clear());

function open(printing: ProductDetail['printing']) {
  const api = fakeApi();
  api.on('product.php', () =>
    ok([
      {
        product,
        similar_by_category: [],
        similar_by_price: [],
        similar_by_tag: [],
        reviews: [],
        printing,
      },
    ]),
  );
  return {
    api,
    rendered: renderLoadedApp(
      <Route path="/product/:id" element={<ProductPage />} loader={productLoader} />,
      '/product/7',
    ),
  };
}

const nameBox = () => screen.getByRole('textbox', { name: 'Name (+₹300)' });
const numberBox = () => screen.getByRole('textbox', { name: 'Number (+₹200)' });
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const described = (box: HTMLElement) =>
  (box.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('the print rule on the product page', () => {
  it('takes letters and spaces in capitals and a number from 0 to 99, by the contract', () => {
    expect(checkPrintDraft({ name: ' leo  messi ', number: '10', patch: false }, offer)).toEqual({
      started: true,
      print: { name: 'LEO MESSI', number: 10, patch: false },
      nameError: null,
      numberError: null,
      pricePaise: 50_000,
    });
    expect(checkPrintDraft({ name: '', number: '0', patch: true }, offer).print).toEqual({
      name: '',
      number: 0,
      patch: true,
    });
    const bad = checkPrintDraft({ name: 'Müller', number: '1.5', patch: false }, offer);
    expect(bad.print).toBeNull();
    expect(bad.nameError).toBe('print name: letters and spaces only, at most 12 characters');
    expect(bad.numberError).toBe('print number: a whole number from 0 to 99');
    expect(checkPrintDraft({ name: 'ABCDEFGHIJKLM', number: '100', patch: false }, offer)).toEqual(
      expect.objectContaining({
        print: null,
        nameError: expect.any(String),
        numberError: expect.any(String),
      }),
    );
    // Nothing typed: a plain shirt, no error.
    expect(checkPrintDraft({ name: '  ', number: '', patch: false }, offer)).toEqual(
      expect.objectContaining({ started: false, print: null, nameError: null, numberError: null }),
    );
    // A patch the product does not have is not a print.
    expect(
      checkPrintDraft({ name: '', number: '', patch: true }, { ...offer, patch_price: null }).print,
    ).toBeNull();
  });
});

describe('Name and number printing', { timeout: 15_000 }, () => {
  it('is not offered when the product does not print', async () => {
    open(null);
    expect(await screen.findByRole('heading', { name: /Argentina Home Jersey/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Name and number printing' })).toBeNull();
  });

  it('says the terms, checks as the shopper types, prices the print and shows the preview', async () => {
    open(offer);
    const section = await screen.findByRole('region', { name: 'Name and number printing' });
    expect(section.textContent).toContain(
      'Printed shirts are made for you: they cannot be returned except for a defect, cannot be paid by cash on delivery, and leave us 2 days later.',
    );
    expect(screen.queryByTestId('print-preview')).toBeNull();

    type(nameBox(), 'Lu1a');
    expect(nameBox().getAttribute('aria-invalid')).toBe('true');
    expect(described(nameBox())).toBe('Letters and spaces only, at most 12 characters');
    type(nameBox(), 'luna');
    expect(nameBox().getAttribute('aria-invalid')).toBeNull();

    type(numberBox(), '100');
    expect(described(numberBox())).toBe('A whole number from 0 to 99');
    type(numberBox(), '10');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sleeve patch (+₹150)' }));
    expect(section.textContent).toContain('Printing adds ₹650 a piece.');

    const preview = await screen.findByTestId('print-preview');
    expect(screen.getByRole('img', { name: 'Preview of LUNA · 10 on the shirt' })).toBeTruthy();
    const texts = [...preview.querySelectorAll('text')];
    expect(texts.map((t) => t.textContent)).toEqual(['LUNA', '10']);
    expect(texts[0]!.closest('g')!.getAttribute('fill')).toBe('#1A2B3C');

    // A name that cannot be printed is not drawn: the preview shows what would be printed.
    type(nameBox(), 'Luna7');
    expect(
      [...screen.getByTestId('print-preview').querySelectorAll('text')].map((t) => t.textContent),
    ).toEqual(['10']);
  });

  it('adds nothing while the print is not valid, and focuses the problem', async () => {
    const { rendered } = open(offer);
    const { store } = await rendered;
    type(await screen.findByRole('textbox', { name: 'Name (+₹300)' }), 'Ronaldo 7');
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(document.activeElement).toBe(nameBox());
    expect(screen.getByText('Please check the name and number to print.')).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
  });

  it('adds the print with its price per piece; another print of the shirt is another line', async () => {
    const { rendered } = open(offer);
    const { store } = await rendered;
    type(await screen.findByRole('textbox', { name: 'Name (+₹300)' }), 'luna');
    type(numberBox(), '10');
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await eventually(() => expect(store.getState().cart.items).toHaveLength(1));
    expect(store.getState().cart.items[0]).toEqual(
      expect.objectContaining({
        selected_size: 'M',
        discount_price: 2400,
        print: { name: 'LUNA', number: 10, patch: false, price: 500 },
      }),
    );

    // Another name on the same shirt and size is another line.
    type(nameBox(), 'messi');
    fireEvent.click(screen.getByRole('button', { name: 'M' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await eventually(() => expect(store.getState().cart.items).toHaveLength(2));
    expect(store.getState().cart.items.map((i) => [i.selected_size, i.print?.name])).toEqual([
      ['M', 'LUNA'],
      ['M', 'MESSI'],
    ]);
  });

  it('hands the print to checkout with Buy Now', async () => {
    logInLocally(5);
    open(offer);
    type(await screen.findByRole('textbox', { name: 'Name (+₹300)' }), 'luna');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sleeve patch (+₹150)' }));
    fireEvent.click(screen.getByRole('button', { name: 'L' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await eventually(() => expect(screen.getByTestId('where').textContent).toBe('/checkOut'));
    expect(JSON.parse(screen.getByTestId('where').getAttribute('data-state')!)).toEqual({
      items: [
        {
          product_id: 7,
          price: 2400,
          image_url: 'images/products/7.webp',
          name: 'Argentina Home Jersey 2026',
          quantity: 1,
          selectedSize: 'L',
          print: { name: 'LUNA', number: null, patch: true, price: 450 },
        },
      ],
    });
  });
});
