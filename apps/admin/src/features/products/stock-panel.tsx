// A product's stock: the dialog that sets or changes one size's count with a reason, and the
// ledger's history, newest first (who, why, which order).
import {
  AdjustStockRequest,
  STOCK_ADJUST_REASONS,
  type ProductDetail,
  type StockLedgerEntry,
} from '@kitroom/contract/admin';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { Dialog } from '@/ui/dialog';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm, type RequestSchema } from '@/ui/request-form';

const REASON_LABEL: Record<StockLedgerEntry['reason'], string> = {
  hold: 'Held by an order',
  release: 'Released by an order',
  sale: 'Sold',
  restock: 'Restock',
  adjustment: 'Count corrected',
  return: 'Returned',
  exchange: 'Exchanged',
  import: 'CSV import',
};

/** The form's fields: one count, sent as set_to or delta as the mode says. */
interface Values {
  mode: 'set_to' | 'delta';
  count: string;
  reason: string;
  note: string;
}

/** The contract names the count set_to or delta; the form shows either's message on its one field. */
const StockForm: RequestSchema<AdjustStockRequest> = {
  safeParse(input) {
    const parsed = AdjustStockRequest.safeParse(input);
    if (parsed.success) return parsed;
    const issues = parsed.error.issues.map((issue) =>
      issue.path[0] === 'set_to' || issue.path[0] === 'delta'
        ? { ...issue, path: ['count'] }
        : issue,
    );
    return { success: false, error: { issues } };
  },
};

const countOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function StockDialog({
  product,
  size,
  onClose,
}: {
  product: ProductDetail;
  size: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useRequestForm<Values, AdjustStockRequest>(StockForm, {
    defaultValues: { mode: 'set_to', count: '', reason: 'restock', note: '' },
    toRequest: (v) => ({
      size: size ?? '',
      [v.mode]: countOf(v.count),
      reason: v.reason,
      note: v.note,
    }),
    check: (v) => (countOf(v.count) === undefined ? { count: 'Enter a number of pieces' } : {}),
  });
  const { errors } = form.formState;
  const mode = form.watch('mode');
  const reason = form.watch('reason');
  const current = product.sizes.find((s) => s.size === size);
  const adjust = useMutation({
    mutationFn: (body: AdjustStockRequest) =>
      call('adjustStock', { params: { id: product.id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'getProduct'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'stockHistory'] });
      close();
    },
  });

  function close() {
    // The mode and reason stay as they were for the next size; the count and note do not.
    form.reset({ ...form.getValues(), count: '', note: '' });
    adjust.reset();
    onClose();
  }

  return (
    <Dialog
      open={size !== null}
      onClose={close}
      title={`Stock of size ${size ?? ''}`}
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            form="stock-form"
            className={buttonClass('primary')}
            disabled={adjust.isPending}
          >
            {adjust.isPending ? 'Saving…' : 'Save stock'}
          </button>
        </>
      }
    >
      <form
        id="stock-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => adjust.mutate(body))(event)}
        className="space-y-4 text-ink"
      >
        <p className="text-muted">
          {product.name}: <strong className="text-ink">{current?.stock ?? 0}</strong> in stock now.
        </p>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">How to change it</legend>
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
            <input type="radio" value="set_to" className="accent-ink" {...form.register('mode')} />
            New count
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
            <input type="radio" value="delta" className="accent-ink" {...form.register('mode')} />
            Add or remove
          </label>
        </fieldset>
        <TextField
          label={mode === 'set_to' ? 'Pieces in stock' : 'Pieces to add (negative to remove)'}
          type="number"
          {...form.register('count')}
          error={errors.count?.message}
        />
        <SelectField
          label="Reason"
          options={STOCK_ADJUST_REASONS.map((r) => ({ value: r, label: REASON_LABEL[r] }))}
          {...form.register('reason')}
          error={errors.reason?.message}
        />
        <TextField
          label={reason === 'adjustment' ? 'Note (required)' : 'Note'}
          {...form.register('note')}
          error={errors.note?.message}
          placeholder="Counted on the shelf, damaged piece…"
        />
        <FormMessage text={adjust.error ? errorText(adjust.error) : null} />
      </form>
    </Dialog>
  );
}

export function StockHistory({ productId }: { productId: number }) {
  const history = useInfiniteQuery({
    queryKey: ['admin', 'stockHistory', productId],
    queryFn: ({ pageParam }) =>
      call('stockHistory', { params: { id: productId }, query: { limit: 20, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const entries = useMemo(
    () => history.data?.pages.flatMap((p) => p.entries) ?? [],
    [history.data],
  );
  return (
    <section
      aria-labelledby="history"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="history" className="text-lg font-bold">
        Stock history
      </h2>
      {history.error ? (
        <FormMessage text={errorText(history.error)} />
      ) : !history.data ? (
        <p role="status">Loading the history…</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-muted">No stock changes yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line text-sm">
          {entries.map((e) => (
            <li
              key={e.id}
              className="grid gap-1 py-2.5 sm:grid-cols-[10rem_4rem_1fr_auto] sm:items-baseline sm:gap-3"
            >
              <time dateTime={e.at} className="text-muted">
                {formatDateTime(e.at)}
              </time>
              <span className="font-semibold">Size {e.size}</span>
              <span>
                <span
                  className={`font-bold tabular-nums ${e.delta < 0 ? 'text-sale' : 'text-emerald-800'}`}
                >
                  {e.delta > 0 ? `+${e.delta}` : e.delta}
                </span>{' '}
                {REASON_LABEL[e.reason]}
                {e.order_id !== null && ` · order #${e.order_id}`}
                {e.staff_name && ` · ${e.staff_name}`}
                {e.note && <span className="text-muted"> · “{e.note}”</span>}
              </span>
              <span className="text-muted tabular-nums">→ {e.stock_after}</span>
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className={buttonClass('ghost', 'mt-3')}
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Older changes'}
        </button>
      )}
    </section>
  );
}
