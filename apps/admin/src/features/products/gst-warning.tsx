// The product form's GST notes, shown as the owner types: a selling price in the band where
// 5% and 18% disagree (the shop charges 18% there, decision 025), and an HSN code the rate
// table has no rate for (such a product's orders cannot be invoiced).
import { GST_BAND_WARNING, hsnRateWarning, inGstAmbiguousBand } from '@kitroom/contract/admin';

const HSN_FORMAT = /^[0-9]{4}([0-9]{2}){0,2}$/;

export function GstWarning({
  sellingPaise,
  hsn,
}: {
  sellingPaise: number | undefined;
  hsn: string;
}) {
  const code = hsn.trim();
  const noRate = HSN_FORMAT.test(code) ? hsnRateWarning(code) : null;
  const band =
    !noRate &&
    typeof sellingPaise === 'number' &&
    inGstAmbiguousBand(sellingPaise, new Date(), code);
  const notes = [...(band ? [GST_BAND_WARNING] : []), ...(noRate ? [noRate] : [])];
  if (notes.length === 0) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm font-medium text-amber-900 md:col-span-2"
    >
      {notes.map((note) => (
        <p key={note}>
          <strong className="mr-1">GST:</strong>
          {note}
        </p>
      ))}
    </div>
  );
}
