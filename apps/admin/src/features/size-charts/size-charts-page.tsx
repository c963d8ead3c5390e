// /admin/size-charts (catalogue.read; changes need catalogue.write): the size charts in
// centimetres with their fit notes, and the chart each category's shirts are cut to (the
// product page shows it, decision 047).
import {
  SizeChartInput,
  type AdminSizeChart,
  type SizeChartCategory,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { call, callQuery, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { controlClass, FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useTitle } from '@/ui/use-title';

interface RowDraft {
  size: string;
  chest_cm: string;
  length_cm: string;
}

interface Draft {
  name: string;
  fit_note: string;
  rows: RowDraft[];
}

const EMPTY: Draft = { name: '', fit_note: '', rows: [{ size: '', chest_cm: '', length_cm: '' }] };

const draftOf = (c: AdminSizeChart): Draft => ({
  name: c.name,
  fit_note: c.fit_note,
  rows: c.rows.map((r) => ({
    size: r.size,
    chest_cm: String(r.chest_cm),
    length_cm: String(r.length_cm),
  })),
});

/** A blank cell stays blank (the contract then names it), not 0. */
const centimetres = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const requestOf = (d: Draft) => ({
  name: d.name,
  fit_note: d.fit_note,
  rows: d.rows.map((r) => ({
    size: r.size,
    chest_cm: centimetres(r.chest_cm),
    length_cm: centimetres(r.length_cm),
  })),
});

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['admin', 'listSizeCharts'] });
}

export function SizeChartsPage() {
  useTitle('Size charts');
  const mayWrite = useMay('catalogue.write');
  const list = useQuery(callQuery('listSizeCharts'));
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Size charts</h1>
        <p className="mt-1 text-muted">
          Body measurements in centimetres for each size, which the law asks for on a garment’s
          listing. The product page shows the chart of its product’s category.
        </p>
      </div>
      {list.error ? (
        <FormMessage text={errorText(list.error)} />
      ) : !list.data ? (
        <p role="status">Loading size charts…</p>
      ) : (
        <>
          <CategoryCharts
            categories={list.data.categories}
            charts={list.data.size_charts}
            mayWrite={mayWrite}
          />
          <ul className="space-y-4">
            {list.data.size_charts.map((c) => (
              <li key={c.id} className="rounded-2xl border border-line bg-white p-5">
                <ChartForm chart={c} mayWrite={mayWrite} />
              </li>
            ))}
          </ul>
          {mayWrite &&
            (adding ? (
              <div className="rounded-2xl border border-line bg-white p-5">
                <ChartForm mayWrite onDone={() => setAdding(false)} />
              </div>
            ) : (
              <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
                New size chart
              </button>
            ))}
        </>
      )}
    </div>
  );
}

function CategoryCharts({
  categories,
  charts,
  mayWrite,
}: {
  categories: SizeChartCategory[];
  charts: AdminSizeChart[];
  mayWrite: boolean;
}) {
  const invalidate = useInvalidate();
  const set = useMutation({
    mutationFn: (v: { id: number; chart: number | null }) =>
      call('setCategorySizeChart', { params: { id: v.id }, body: { size_chart_id: v.chart } }),
    onSuccess: invalidate,
  });
  const options = [
    { value: '', label: 'No size chart' },
    ...charts.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <section aria-labelledby="category-charts" className="rounded-2xl bg-white p-5">
      <h2 id="category-charts" className="text-lg font-bold">
        Chart of each category
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((c) => (
          <SelectField
            key={c.id}
            label={c.name}
            options={options}
            disabled={!mayWrite || set.isPending}
            value={c.size_chart_id === null ? '' : String(c.size_chart_id)}
            onChange={(e) =>
              set.mutate({ id: c.id, chart: e.target.value === '' ? null : Number(e.target.value) })
            }
          />
        ))}
      </div>
      <div className="mt-3">
        <FormMessage text={set.error ? errorText(set.error) : null} />
      </div>
    </section>
  );
}

function ChartForm({
  chart,
  mayWrite,
  onDone,
}: {
  chart?: AdminSizeChart;
  mayWrite: boolean;
  onDone?: () => void;
}) {
  const invalidate = useInvalidate();
  // The chart's one message, above its buttons: the contract's first, wherever it is.
  const form = useRequestForm(SizeChartInput, {
    defaultValues: chart ? draftOf(chart) : EMPTY,
    toRequest: requestOf,
    errorPath: () => 'root',
  });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const [saved, setSaved] = useState(false);
  const edited = { onChange: () => setSaved(false) };
  const save = useMutation({
    mutationFn: (body: SizeChartInput) =>
      chart
        ? call('updateSizeChart', { params: { id: chart.id }, body })
        : call('createSizeChart', { body }),
    onSuccess: () => {
      invalidate();
      setSaved(true);
      onDone?.();
    },
  });
  const label = chart ? chart.name : 'the new chart';

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      aria-label={`Size chart ${label}`}
      className="space-y-3"
    >
      <fieldset disabled={!mayWrite} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" {...form.register('name', edited)} />
          <TextField
            label="Fit note"
            hint="e.g. Player version runs one size small."
            {...form.register('fit_note', edited)}
          />
        </div>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Measurements of {label} in centimetres</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 pr-2 font-semibold">
                Size
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Chest (cm)
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Length (cm)
              </th>
              <th scope="col" className="sr-only">
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((r, i) => (
              <tr key={r.id}>
                {(['size', 'chest_cm', 'length_cm'] as const).map((field) => (
                  <td key={field} className="py-1 pr-2">
                    <input
                      aria-label={`${field === 'size' ? 'Size' : field === 'chest_cm' ? 'Chest' : 'Length'} of row ${i + 1}`}
                      inputMode={field === 'size' ? 'text' : 'decimal'}
                      {...form.register(`rows.${i}.${field}`, edited)}
                      className={`${controlClass} border-line`}
                    />
                  </td>
                ))}
                <td className="py-1">
                  <button
                    type="button"
                    aria-label={`Remove row ${i + 1}`}
                    className={smallButtonClass('ghost')}
                    onClick={() => {
                      setSaved(false);
                      rows.remove(i);
                    }}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallButtonClass('ghost')}
            onClick={() => {
              setSaved(false);
              rows.append({ size: '', chest_cm: '', length_cm: '' }, { shouldFocus: false });
            }}
          >
            Add size
          </button>
        </div>
      </fieldset>
      <FormMessage
        text={form.formState.errors.root?.message ?? (save.error ? errorText(save.error) : null)}
      />
      {saved && !save.error && <FormMessage tone="info" text="Saved." />}
      {mayWrite && (
        <div className="flex gap-2">
          <button type="submit" className={buttonClass()} disabled={save.isPending}>
            {chart ? 'Save chart' : 'Add chart'}
          </button>
          {onDone && (
            <button type="button" className={buttonClass('ghost')} onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      )}
    </form>
  );
}
