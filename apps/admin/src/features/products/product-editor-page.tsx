// /admin/products/new and /admin/products/:id: the product form, and for a saved product its
// pictures, the stock dialog and the stock history. Archive and back-to-draft are one click.
import type { ProductResponse } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { PicturesPanel } from './pictures-panel';
import { PrintingPanel } from './printing-panel';
import { ProductForm } from './product-form';
import { STATUS_LABEL, STATUS_TONE } from './product-format';
import { BackInStockHint } from './back-in-stock-hint';
import { StockDialog, StockHistory } from './stock-panel';

function Heading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <Link to="/products" className="text-sm font-semibold text-muted hover:text-ink">
          ← Products
        </Link>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">{title}</h1>
      </div>
      {children}
    </div>
  );
}

export function NewProductPage() {
  useTitle('New product');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('catalogueChoices'));
  return (
    <div className="space-y-6">
      <Heading title="New product" />
      {choices.error ? (
        <FormMessage text={errorText(choices.error)} />
      ) : !choices.data ? (
        <p role="status">Loading…</p>
      ) : (
        <ProductForm
          choices={choices.data}
          onSaved={(saved) => {
            queryClient.setQueryData(
              keyOf('getProduct', { params: { id: saved.product.id } }),
              saved,
            );
            void queryClient.invalidateQueries({ queryKey: ['admin', 'listProducts'] });
            void navigate(`/products/${saved.product.id}`, {
              state: { created: true, warnings: saved.warnings },
            });
          }}
        />
      )}
    </div>
  );
}

export function ProductEditorPage() {
  const id = Number(useParams().id);
  const location = useLocation();
  const queryClient = useQueryClient();
  const mayWrite = useMay('catalogue.write');
  const mayAdjust = useMay('stock.adjust');
  const key = keyOf('getProduct', { params: { id } });
  const product = useQuery(callQuery('getProduct', { params: { id } }));
  const choices = useQuery({ ...callQuery('catalogueChoices'), enabled: mayWrite });
  const state = location.state as { created?: boolean; warnings?: string[] } | null;
  const [message, setMessage] = useState<string | null>(
    state?.created ? 'Saved as a draft.' : null,
  );
  const [warnings, setWarnings] = useState<string[]>(state?.warnings ?? []);
  const [adjusting, setAdjusting] = useState<string | null>(null);
  useTitle(product.data?.product.name ?? 'Product');

  function saved(response: ProductResponse, text = 'Saved.') {
    queryClient.setQueryData(key, response);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'listProducts'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'stockHistory'] });
    setMessage(text);
    setWarnings(response.warnings);
  }
  const status = useMutation({
    mutationFn: (to: 'archived' | 'draft') =>
      call('updateProduct', { params: { id }, body: { status: to } }),
    onSuccess: (response, to) =>
      saved(
        response,
        to === 'archived' ? 'Archived: shoppers no longer see it.' : 'Back to draft.',
      ),
  });

  if (product.error) return <FormMessage text={errorText(product.error)} />;
  if (!product.data) return <p role="status">Loading the product…</p>;
  const p = product.data.product;

  return (
    <div className="space-y-6">
      <Heading title={p.name}>
        <div className="flex flex-wrap items-center gap-3">
          <span className={`rounded-full px-3 py-1 text-sm font-bold ${STATUS_TONE[p.status]}`}>
            {STATUS_LABEL[p.status]}
          </span>
          {mayWrite && p.status === 'active' && (
            <button
              type="button"
              className={buttonClass('ghost')}
              disabled={status.isPending}
              onClick={() => status.mutate('archived')}
            >
              Archive
            </button>
          )}
          {mayWrite && p.status === 'archived' && (
            <button
              type="button"
              className={buttonClass('ghost')}
              disabled={status.isPending}
              onClick={() => status.mutate('draft')}
            >
              Back to draft
            </button>
          )}
        </div>
      </Heading>
      <div aria-live="polite" className="space-y-2">
        <FormMessage text={message} tone="info" />
        {warnings.map((w) => (
          <p
            key={w}
            className="rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm font-medium text-amber-900"
          >
            <strong className="mr-1">GST:</strong>
            {w}
          </p>
        ))}
        <FormMessage text={status.error ? errorText(status.error) : null} />
      </div>
      {mayWrite && (
        <PicturesPanel product={p} onChanged={(response) => saved(response, 'Pictures saved.')} />
      )}
      {mayWrite && choices.data ? (
        <ProductForm
          key={p.id}
          choices={choices.data}
          product={p}
          onSaved={(response) => saved(response)}
          onAdjust={mayAdjust ? setAdjusting : undefined}
        />
      ) : (
        <SizesReadOnly sizes={p.sizes} onAdjust={mayAdjust ? setAdjusting : undefined} />
      )}
      {mayWrite && (
        <PrintingPanel
          key={`printing:${p.id}`}
          product={p}
          onSaved={(response) => saved(response, 'Printing saved.')}
        />
      )}
      <BackInStockHint productId={p.id} />
      <StockHistory productId={p.id} />
      <StockDialog product={p} size={adjusting} onClose={() => setAdjusting(null)} />
    </div>
  );
}

/** For staff who count stock but do not edit products (packers). */
function SizesReadOnly({
  sizes,
  onAdjust,
}: {
  sizes: { size: string; stock: number; low: boolean }[];
  onAdjust?: (size: string) => void;
}) {
  return (
    <section aria-labelledby="sizes" className="rounded-2xl border border-line bg-white p-5 md:p-6">
      <h2 id="sizes" className="text-lg font-bold">
        Sizes and stock
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {sizes.map((s) => (
          <li key={s.size} className="flex items-center justify-between gap-3 py-2">
            <span className="font-semibold">{s.size}</span>
            <span className="tabular-nums">
              {s.stock} in stock{s.low && <span className="ml-2 font-bold text-sale">low</span>}
            </span>
            {onAdjust && (
              <button
                type="button"
                className={buttonClass('ghost')}
                onClick={() => onAdjust(s.size)}

                aria-label={`Adjust stock of ${s.size}`}
              >
                Adjust
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
