// A product's three pictures with previews: upload into a slot (the server reads the file and
// makes a 600 px WebP), make one the main picture, move, remove.
import {
  PICTURE_SLOTS,
  PICTURE_TYPES,
  MAX_PICTURE_BYTES,
  type PictureSlot,
  type ProductDetail,
  type ProductResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorText, upload } from '@/api/client';
import { smallButtonClass } from '@/ui/button';
import { FormMessage } from '@/ui/form-field';
import { pictureUrl } from '@/ui/thumbnail';

const SLOT_LABEL: Record<PictureSlot, string> = {
  image_url: 'Main picture',
  image1: 'Second picture',
  image2: 'Third picture',
};

export function PicturesPanel({
  product,
  onChanged,
}: {
  product: ProductDetail;
  onChanged: (saved: ProductResponse) => void;
}) {
  const [note, setNote] = useState<string | null>(null);
  const pictureOf = (slot: PictureSlot) =>
    slot === 'image_url' ? product.image_url || null : product[slot];
  const filled = PICTURE_SLOTS.filter((s) => pictureOf(s));
  const change = useMutation({
    mutationFn: async (
      action:
        | { kind: 'upload'; slot: PictureSlot; file: File }
        | { kind: 'arrange'; order: PictureSlot[] }
        | { kind: 'remove'; slot: PictureSlot },
    ) => {
      const params = { id: product.id };
      if (action.kind === 'upload') {
        return upload('uploadPicture', { ...params, slot: action.slot }, action.file);
      }
      if (action.kind === 'arrange') {
        return call('arrangePictures', { params, body: { order: action.order } });
      }
      return call('removePicture', { params: { ...params, slot: action.slot } });
    },
    onSuccess: onChanged,
  });

  function choose(slot: PictureSlot, file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_PICTURE_BYTES) {
      setNote(`${file.name} is larger than 8 MB: choose a smaller picture.`);
      return;
    }
    setNote(null);
    change.mutate({ kind: 'upload', slot, file });
  }
  /** The filled slots with `slot` moved to `to` in their order. */
  function moved(slot: PictureSlot, to: number): PictureSlot[] {
    const rest = filled.filter((s) => s !== slot);
    return [...rest.slice(0, to), slot, ...rest.slice(to)];
  }

  return (
    <section
      aria-labelledby="pictures"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="pictures" className="text-lg font-bold">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP or AVIF up to 8 MB; shoppers get a 600 px WebP. The main picture shows in
        lists.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
        {PICTURE_SLOTS.map((slot) => {
          const picture = pictureOf(slot);
          const position = filled.indexOf(slot);
          const inputId = `picture-${slot}`;
          return (
            <li key={slot} className="rounded-xl border border-line p-3">
              <p className="text-sm font-semibold">{SLOT_LABEL[slot]}</p>
              <div className="mt-2 grid aspect-[3/4] place-items-center overflow-hidden rounded-lg bg-paper">
                {picture ? (
                  <img
                    src={pictureUrl(picture, 360)}
                    alt={`${SLOT_LABEL[slot]} of ${product.name}`}
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="text-sm text-muted">Empty</span>
                )}
              </div>
              <div className="mt-3 flex flex-wrap gap-1.5">
                <label htmlFor={inputId} className={smallButtonClass('ghost', 'cursor-pointer')}>
                  {picture ? 'Replace' : 'Upload'}
                </label>
                <input
                  id={inputId}
                  type="file"
                  aria-label={`${picture ? 'Replace' : 'Upload'} the ${SLOT_LABEL[slot].toLowerCase()}`}
                  accept={PICTURE_TYPES.join(',')}
                  className="sr-only"
                  disabled={change.isPending}
                  onChange={(e) => {
                    choose(slot, e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                {picture && position > 0 && (
                  <button
                    type="button"
                    className={smallButtonClass('ghost')}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ kind: 'arrange', order: moved(slot, 0) })}
                  >
                    Make main
                  </button>
                )}
                {picture && position >= 0 && position < filled.length - 1 && (
                  <button
                    type="button"
                    className={smallButtonClass('ghost')}
                    disabled={change.isPending}
                    aria-label={`Move the ${SLOT_LABEL[slot].toLowerCase()} later`}
                    onClick={() =>
                      change.mutate({ kind: 'arrange', order: moved(slot, position + 1) })
                    }
                  >
                    →
                  </button>
                )}
                {picture && (slot !== 'image_url' || filled.length > 1) && (
                  <button
                    aria-label={`Remove ${SLOT_LABEL[slot].toLowerCase()}`}
                    type="button"
                    className={smallButtonClass('ghost')}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ kind: 'remove', slot })}
                  >
                    Remove
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {change.isPending && (
        <p role="status" className="mt-3 text-sm text-muted">
          Saving the pictures…
        </p>
      )}
      <div className="mt-3">
        <FormMessage text={note ?? (change.error ? errorText(change.error) : null)} />
      </div>
    </section>
  );
}
