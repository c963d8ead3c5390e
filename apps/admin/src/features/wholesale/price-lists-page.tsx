// /admin/wholesale/price-lists (wholesale.manage): the wholesale price lists (decision 045),
// each with its base price rules, quantity tiers and minimum order, and the form that makes or
// changes one, checked with the contract's PriceListInput before it is sent. A change reaches
// new carts and orders only: placed orders keep their prices.
import { rupeesToPaise } from '@kitroom/contract';
import { PriceListInput, type PriceList } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { call, callQuery, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useRequestForm } from '@/ui/request-form';
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
  // The list's one message, above its buttons: the contract's first, wherever it is.
  const form = useRequestForm(PriceListInput, {
    defaultValues: list ? draftOf(list) : EMPTY,
    toRequest: inputOf,
    errorPath: () => 'root',
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const typedRules = form.watch('rules');
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

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      aria-label={list ? `Edit ${list.name}` : 'New price list'}
      className="space-y-5 rounded-2xl border border-line bg-white p-4 md:p-6"
    >
      <h2 className="font-display text-2xl font-bold uppercase">
        {list ? `Edit ${list.name}` : 'New price list'}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Name" {...form.register('name')} />
        <TextField
          label="Minimum order (₹)"
          inputMode="decimal"
          hint="0: none"
          {...form.register('min_order')}
        />
        <TextField
          label="Minimum pieces"
          inputMode="numeric"
          hint="0: none"
          {...form.register('min_pieces')}
        />
      </div>

      <fieldset>
        <legend className="font-semibold">Quantity tiers (pieces in the order)</legend>
        <ul className="mt-2 space-y-2">
          {tiers.fields.map((t, i) => (
            <li key={t.id} className="flex flex-wrap items-end gap-3" aria-label={`Tier ${i + 1}`}>
              <TextField
                label="From pieces"
                inputMode="numeric"
                className="w-32"
                {...form.register(`tiers.${i}.min_pieces`)}
              />
              <TextField
                label="% off"
                inputMode="numeric"
                className="w-24"
                {...form.register(`tiers.${i}.percent_off`)}
              />
              <button
                type="button"
                className={smallButtonClass('ghost', 'mb-1')}
                onClick={() => tiers.remove(i)}
              >
                Remove tier
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={smallButtonClass('ghost', 'mt-2')}
          onClick={() => tiers.append({ min_pieces: '', percent_off: '' }, { shouldFocus: false })}
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
          {rules.fields.map((field, i) => {
            const r = typedRules[i] ?? field;
            return (
              <li
                key={field.id}
                className="flex flex-wrap items-end gap-3"
                aria-label={`Rule ${i + 1}`}
              >
                <SelectField
                  label="For"
                  className="w-36"
                  options={[
                    { value: 'all', label: 'Everything' },
                    { value: 'category', label: 'A category' },
                    { value: 'product', label: 'A product' },
                  ]}
                  {...form.register(`rules.${i}.target`, {
                    onChange: () => form.setValue(`rules.${i}.target_id`, ''),
                  })}
                />
                {r.target === 'category' && (
                  <SelectField
                    label="Category"
                    className="w-48"
                    options={[
                      { value: '', label: 'Choose…' },
                      ...categories.map((c) => ({ value: String(c.id), label: c.name })),
                    ]}
                    {...form.register(`rules.${i}.target_id`)}
                  />
                )}
                {r.target === 'product' && (
                  <TextField
                    label="Product id"
                    inputMode="numeric"
                    className="w-32"
                    {...form.register(`rules.${i}.target_id`)}
                  />
                )}
                <SelectField
                  label="Price"
                  className="w-36"
                  options={[
                    { value: 'percent', label: '% off retail' },
                    { value: 'fixed', label: 'Fixed price (₹)' },
                  ]}
                  {...form.register(`rules.${i}.kind`)}
                />
                <TextField
                  label={r.kind === 'percent' ? '% off' : '₹'}
                  inputMode="decimal"
                  className="w-28"
                  {...form.register(`rules.${i}.value`)}
                />
                <button
                  type="button"
                  className={smallButtonClass('ghost', 'mb-1')}
                  onClick={() => rules.remove(i)}
                >
                  Remove rule
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={smallButtonClass('ghost', 'mt-2')}
          onClick={() =>
            rules.append(
              { target: 'all', target_id: '', kind: 'percent', value: '' },
              { shouldFocus: false },
            )
          }
        >
          Add a rule
        </button>
      </fieldset>

      <FormMessage
        text={form.formState.errors.root?.message ?? (save.error ? errorText(save.error) : null)}
      />
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
