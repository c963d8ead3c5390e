// /admin/wholesale/price-lists (wholesale.manage): the wholesale price lists (decision 045),
// each with its base price rules, quantity tiers and minimum order, and the form that makes or
// changes one, checked with the contract's PriceListInput before it is sent. A change reaches
// new carts and orders only: placed orders keep their prices.
import { rupeesToPaise } from '@kitroom/contract';
import { PriceListInput, type PriceList } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { call, callQuery, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useTitle } from '@/ui/use-title';

interface RuleDraft {
  target: 'all' | 'category' | 'product';
  target_id: string;
  kind: 'percent' | 'fixed';
  /** Percent, or rupees for a fixed price. */
  value: string;
}
interface Draft {
  name: string;
  min_order: string;
  min_pieces: string;
  tiers: { min_pieces: string; percent_off: string }[];
  rules: RuleDraft[];
}

const EMPTY: Draft = {
  name: '',
  min_order: '0',
  min_pieces: '0',
  tiers: [
    { min_pieces: '10', percent_off: '25' },
    { min_pieces: '50', percent_off: '35' },
  ],
  rules: [],
};

function draftOf(l: PriceList): Draft {
  return {
    name: l.name,
    min_order: String(l.min_order_paise / 100),
    min_pieces: String(l.min_order_pieces),
    tiers: l.tiers.map((t) => ({
      min_pieces: String(t.min_pieces),
      percent_off: String(t.percent_off),
    })),
    rules: l.rules.map((r) => ({
      target: r.target,
      target_id: r.target_id === null ? '' : String(r.target_id),
      kind: r.kind,
      value: String(r.kind === 'fixed' ? r.value / 100 : r.value),
    })),
  };
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

function inputOf(d: Draft): PriceListInput {
  return {
    name: d.name,
    min_order_paise: rupeesToPaise(num(d.min_order) || 0),
    min_order_pieces: num(d.min_pieces) || 0,
    tiers: d.tiers.map((t) => ({ min_pieces: num(t.min_pieces), percent_off: num(t.percent_off) })),
    rules: d.rules.map((r) => ({
      target: r.target,
      target_id: r.target === 'all' ? null : num(r.target_id),
      kind: r.kind,
      value: r.kind === 'fixed' ? rupeesToPaise(num(r.value)) : num(r.value),
    })),
  };
}

function PriceListForm({ list, onDone }: { list: PriceList | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const choices = useQuery(callQuery('catalogueChoices'));
  const [draft, setDraft] = useState<Draft>(() => (list ? draftOf(list) : EMPTY));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: PriceListInput) =>
      list
        ? call('updatePriceList', { params: { id: list.id }, body })
        : call('createPriceList', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listPriceLists'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onDone();
    },
  });
  const categories = choices.data?.categories ?? [];
  const setTier = (i: number, key: 'min_pieces' | 'percent_off', value: string) =>
    setDraft((d) => ({
      ...d,
      tiers: d.tiers.map((t, j) => (j === i ? { ...t, [key]: value } : t)),
    }));
  const setRule = (i: number, change: Partial<RuleDraft>) =>
    setDraft((d) => ({
      ...d,
      rules: d.rules.map((r, j) => (j === i ? { ...r, ...change } : r)),
    }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PriceListInput.safeParse(inputOf(draft));
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the list.');
    setProblem(null);
    save.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={list ? `Edit ${list.name}` : 'New price list'}
      className="space-y-5 rounded-2xl border border-line bg-white p-4 md:p-6"
    >
      <h2 className="font-display text-2xl font-bold uppercase">
        {list ? `Edit ${list.name}` : 'New price list'}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <TextField
          label="Minimum order (₹)"
          inputMode="decimal"
          hint="0: none"
          value={draft.min_order}
          onChange={(e) => setDraft({ ...draft, min_order: e.target.value })}
        />
        <TextField
          label="Minimum pieces"
          inputMode="numeric"
          hint="0: none"
          value={draft.min_pieces}
          onChange={(e) => setDraft({ ...draft, min_pieces: e.target.value })}
        />
      </div>

      <fieldset>
        <legend className="font-semibold">Quantity tiers (pieces in the order)</legend>
        <ul className="mt-2 space-y-2">
          {draft.tiers.map((t, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3" aria-label={`Tier ${i + 1}`}>
              <TextField
                label="From pieces"
                inputMode="numeric"
                className="w-32"
                value={t.min_pieces}
                onChange={(e) => setTier(i, 'min_pieces', e.target.value)}
              />
              <TextField
                label="% off"
                inputMode="numeric"
                className="w-24"
                value={t.percent_off}
                onChange={(e) => setTier(i, 'percent_off', e.target.value)}
              />
              <button
                type="button"
                className={smallButtonClass('ghost', 'mb-1')}
                onClick={() =>
                  setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))
                }
              >
                Remove tier
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={smallButtonClass('ghost', 'mt-2')}
          onClick={() =>
            setDraft((d) => ({ ...d, tiers: [...d.tiers, { min_pieces: '', percent_off: '' }] }))
          }
        >
          Add a tier
        </button>
      </fieldset>

      <fieldset>
        <legend className="font-semibold">Base prices (before tiers)</legend>
        <p className="text-sm text-muted">
          A product&apos;s own rule wins over its category&apos;s, which wins over one for
          everything; a product no rule reaches starts from its retail price.
        </p>
        <ul className="mt-2 space-y-2">
          {draft.rules.map((r, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3" aria-label={`Rule ${i + 1}`}>
              <SelectField
                label="For"
                className="w-36"
                options={[
                  { value: 'all', label: 'Everything' },
                  { value: 'category', label: 'A category' },
                  { value: 'product', label: 'A product' },
                ]}
                value={r.target}
                onChange={(e) =>
                  setRule(i, { target: e.target.value as RuleDraft['target'], target_id: '' })
                }
              />
              {r.target === 'category' && (
                <SelectField
                  label="Category"
                  className="w-48"
                  options={[
                    { value: '', label: 'Choose…' },
                    ...categories.map((c) => ({ value: String(c.id), label: c.name })),
                  ]}
                  value={r.target_id}
                  onChange={(e) => setRule(i, { target_id: e.target.value })}
                />
              )}
              {r.target === 'product' && (
                <TextField
                  label="Product id"
                  inputMode="numeric"
                  className="w-32"
                  value={r.target_id}
                  onChange={(e) => setRule(i, { target_id: e.target.value })}
                />
              )}
              <SelectField
                label="Price"
                className="w-36"
                options={[
                  { value: 'percent', label: '% off retail' },
                  { value: 'fixed', label: 'Fixed price (₹)' },
                ]}
                value={r.kind}
                onChange={(e) => setRule(i, { kind: e.target.value as RuleDraft['kind'] })}
              />
              <TextField
                label={r.kind === 'percent' ? '% off' : '₹'}
                inputMode="decimal"
                className="w-28"
                value={r.value}
                onChange={(e) => setRule(i, { value: e.target.value })}
              />
              <button
                type="button"
                className={smallButtonClass('ghost', 'mb-1')}
                onClick={() =>
                  setDraft((d) => ({ ...d, rules: d.rules.filter((_, j) => j !== i) }))
                }
              >
                Remove rule
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={smallButtonClass('ghost', 'mt-2')}
          onClick={() =>
            setDraft((d) => ({
              ...d,
              rules: [...d.rules, { target: 'all', target_id: '', kind: 'percent', value: '' }],
            }))
          }
        >
          Add a rule
        </button>
      </fieldset>

      <FormMessage text={problem ?? (save.error ? errorText(save.error) : null)} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save price list'}
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ruleText(r: PriceList['rules'][number]): string {
  const target =
    r.target === 'all'
      ? 'Everything'
      : `${r.target_name ?? `${r.target} ${r.target_id}`}${r.target === 'product' ? ` (#${r.target_id})` : ''}`;
  return `${target}: ${r.kind === 'percent' ? `${r.value}% off retail` : formatPaise(r.value)}`;
}

function PriceListCard({ list, onEdit }: { list: PriceList; onEdit: () => void }) {
  return (
    <li aria-label={list.name} className="rounded-2xl border border-line bg-white p-4 md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-lg font-bold">{list.name}</p>
        <button type="button" className={smallButtonClass('ghost')} onClick={onEdit}>
          Edit
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-semibold text-muted">Tiers</dt>
        <dd>
          {list.tiers.length === 0
            ? 'None'
            : list.tiers.map((t) => `${t.min_pieces}+ pieces −${t.percent_off}%`).join(', ')}
        </dd>
        <dt className="font-semibold text-muted">Base prices</dt>
        <dd>{list.rules.length === 0 ? 'Retail' : list.rules.map(ruleText).join('; ')}</dd>
        <dt className="font-semibold text-muted">Minimum</dt>
        <dd>
          {[
            list.min_order_paise > 0 && formatPaise(list.min_order_paise),
            list.min_order_pieces > 0 && `${list.min_order_pieces} pieces`,
          ]
            .filter(Boolean)
            .join(' and ') || 'None'}
        </dd>
        <dt className="font-semibold text-muted">Shops</dt>
        <dd>{list.wholesalers}</dd>
      </dl>
    </li>
  );
}

export function PriceListsPage() {
  useTitle('Price lists');
  const lists = useQuery(callQuery('listPriceLists'));
  const [editing, setEditing] = useState<PriceList | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/wholesale" className="text-sm font-semibold underline">
            Wholesale
          </Link>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Price lists</h1>
          <p className="mt-1 text-muted">
            What approved shops pay. A change reaches new carts and orders; placed orders keep their
            prices.
          </p>
        </div>
        {editing === null && (
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => setEditing('new')}
          >
            New price list
          </button>
        )}
      </div>
      {editing !== null && (
        <PriceListForm
          key={editing === 'new' ? 'new' : editing.id}
          list={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {lists.error ? (
        <FormMessage text={errorText(lists.error)} />
      ) : !lists.data ? (
        <p role="status">Loading price lists…</p>
      ) : lists.data.price_lists.length === 0 ? (
        <p className="text-muted">No price lists yet.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {lists.data.price_lists.map((l) => (
            <PriceListCard key={l.id} list={l} onEdit={() => setEditing(l)} />
          ))}
        </ul>
      )}
    </div>
  );
}
