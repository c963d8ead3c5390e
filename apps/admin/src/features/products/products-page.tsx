// /admin/products (catalogue.read): the product list with status chips, filters, text search,
// a low-stock badge and cursor pages; a new product for those who may write the catalogue.
import {
  PRODUCT_STATUSES,
  type ProductListQuery,
  type ProductListRow,
} from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { call, callQuery } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { SelectField, TextField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { Table } from '@/ui/table';
import { useTitle } from '@/ui/use-title';
import { pictureUrl } from '@/ui/thumbnail';
import { rupees, STATUS_LABEL, STATUS_TONE } from './product-format';

type Filters = Omit<ProductListQuery, 'after' | 'limit'>;
const PAGE = 50;
const cell = 'px-3 py-3 align-middle max-md:px-0 max-md:py-0.5';

export function ProductsPage() {
  useTitle('Products');
  const mayWrite = useMay('catalogue.write');
  const choices = useQuery(callQuery('catalogueChoices'));
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Filters>({ sort: 'newest' });
  const list = useCursorList({
    queryKey: ['admin', 'listProducts', filters],
    fetchPage: (cursor: string | undefined) =>
      call('listProducts', { query: { ...filters, limit: PAGE, after: cursor } }),
    nextCursor: (page) => page.next_after,
    field: 'products',
  });
  const set = (change: Partial<Filters>) => setFilters((f) => ({ ...f, ...change }));

  function search(event: FormEvent) {
    event.preventDefault();
    set({ q: text.trim() === '' ? undefined : text.trim() });
  }

  const options = (rows: readonly { id: number; name: string }[] | undefined, any: string) => [
    { value: '', label: any },
    ...(rows ?? []).map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const idOf = (value: string) => (value === '' ? undefined : Number(value));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Products</h1>
          <p className="mt-1 text-muted">Drafts stay hidden from shoppers until set on sale.</p>
        </div>
        {mayWrite && (
          <Link to="/products/new" className={buttonClass('accent')}>
            New product
          </Link>
        )}
      </div>

      <div className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5">
        <form role="search" onSubmit={search} className="flex gap-3">
          <TextField
            label="Search by name"
            type="search"
            placeholder="Madrid home, Messi…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="flex-1"
          />
          <button type="submit" className={buttonClass('primary', 'mt-7')}>
            Search
          </button>
        </form>
        <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
          {[undefined, ...PRODUCT_STATUSES].map((status) => (
            <button
              key={status ?? 'all'}
              type="button"
              aria-pressed={filters.status === status}
              onClick={() => set({ status })}
              className={`min-h-9 rounded-full border px-3.5 text-sm font-semibold ${
                filters.status === status
                  ? 'border-ink bg-ink text-white'
                  : 'border-line bg-white text-ink hover:bg-paper'
              }`}
            >
              {status ? STATUS_LABEL[status] : 'All'}
            </button>
          ))}
          <label className="ml-auto inline-flex min-h-9 items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="size-4 accent-ink"
              checked={filters.low_stock === 'true'}
              onChange={(e) => set({ low_stock: e.target.checked ? 'true' : undefined })}
            />
            Low stock only
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SelectField
            label="Category"
            options={options(choices.data?.categories, 'Any category')}
            value={String(filters.category_id ?? '')}
            onChange={(e) => set({ category_id: idOf(e.target.value) })}
          />
          <SelectField
            label="Team"
            options={options(choices.data?.teams, 'Any team')}
            value={String(filters.team_id ?? '')}
            onChange={(e) => set({ team_id: idOf(e.target.value) })}
          />
          <SelectField
            label="Player"
            options={options(choices.data?.players, 'Any player')}
            value={String(filters.player_id ?? '')}
            onChange={(e) => set({ player_id: idOf(e.target.value) })}
          />
          <SelectField
            label="Order"
            options={[
              { value: 'newest', label: 'Newest first' },
              { value: 'name', label: 'By name' },
            ]}
            value={filters.sort ?? 'newest'}
            onChange={(e) => set({ sort: e.target.value === 'name' ? 'name' : 'newest' })}
          />
        </div>
      </div>

      <section
        aria-labelledby="product-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="product-list" className="sr-only">
          Products found
        </h2>
        <PagedList list={list} loading="Loading products…" empty="No products match these filters.">
          {(products) => <ProductTable products={products} />}
        </PagedList>
      </section>
    </div>
  );
}

function ProductTable({ products }: { products: ProductListRow[] }) {
  return (
    <Table
      caption="Products"
      columns={[
        'Product',
        'Status',
        'Category · team',
        { label: 'Price', className: 'text-right' },
        { label: 'Stock', className: 'text-right' },
      ]}
    >
      {products.map((p) => (
        <tr
          key={p.id}
          className="max-md:grid max-md:grid-cols-[4rem_1fr] max-md:gap-x-3 max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-3"
        >
          <td className={`${cell} md:border-b md:border-line max-md:row-span-4`}>
            <div className="flex items-center gap-3">
              {p.image_url ? (
                <img
                  src={pictureUrl(p.image_url, 240)}
                  alt=""
                  width={48}
                  height={64}
                  className="h-16 w-12 shrink-0 rounded-lg bg-paper object-cover"
                />
              ) : (
                <span className="grid h-16 w-12 shrink-0 place-items-center rounded-lg bg-paper text-[10px] text-muted">
                  No picture
                </span>
              )}
              <Link
                to={`/products/${p.id}`}
                className="font-semibold underline-offset-2 hover:underline max-md:hidden"
              >
                {p.name}
              </Link>
            </div>
          </td>
          <td className={`${cell} md:hidden`}>
            <Link to={`/products/${p.id}`} className="font-semibold underline-offset-2">
              {p.name}
            </Link>
          </td>
          <td className={`${cell} md:border-b md:border-line`}>
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${STATUS_TONE[p.status]}`}
            >
              {STATUS_LABEL[p.status]}
            </span>
          </td>
          <td className={`${cell} text-muted md:border-b md:border-line`}>
            {p.category_name}
            {p.team_name && ` · ${p.team_name}`}
          </td>
          <td className={`${cell} md:border-b md:border-line md:text-right`}>
            <span className="font-semibold">{rupees(p.discount_price_paise)}</span>
            {p.discount_price_paise < p.price_paise && (
              <span className="ml-1.5 text-xs text-muted line-through">
                {rupees(p.price_paise)}
              </span>
            )}
          </td>
          <td className={`${cell} md:border-b md:border-line md:text-right max-md:col-start-2`}>
            <span className="tabular-nums">{p.stock} in stock</span>
            {p.low_stock_sizes > 0 && (
              <span className="ml-2 inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-sale">
                {p.low_stock_sizes} low
              </span>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
