// A product's three pictures with previews: upload into a slot (the server reads the file and
// makes a 600 px WebP), choose the one cards show, move, remove. Each slot is named by where
// shoppers see it: the product page shows image1, image2, then image_url (the spec's order);
// cards, the cart and lists show image_url.
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
  image_url: 'Card picture',
  image1: 'Product page, first picture',
  image2: 'Product page, second picture',
};

/** Where shoppers see each slot's picture. */
const SLOT_WHERE: Record<PictureSlot, string> = {
  image_url: 'On cards, in the cart and in lists; last on the product page.',
  image1: 'Opens the product page’s gallery.',
  image2: 'Second in the product page’s gallery.',
};

/** The product page's gallery order (the storefront's galleryImages). */
const PRODUCT_PAGE_ORDER: readonly PictureSlot[] = ['image1', 'image2', 'image_url'];

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
        JPEG, PNG, WebP or AVIF up to 8 MB; shoppers get a 600 px WebP. The card picture shows on
        cards, in the cart and in lists.
      </p>
      {filled.length > 0 && (
        <figure className="mt-3">
          <figcaption className="text-sm font-semibold">
            The product page shows them in this order
          </figcaption>
          <ol aria-label="The product page’s gallery" className="mt-2 flex gap-2">
            {PRODUCT_PAGE_ORDER.filter((s) => pictureOf(s)).map((slot, i) => (
              <li key={slot} className="w-14 text-center text-xs text-muted">
                <img
                  src={pictureUrl(pictureOf(slot)!, 360)}
                  alt={`${i + 1}: ${SLOT_LABEL[slot]}`}
                  className="aspect-[3/4] w-14 rounded-md object-cover"
                />
                {i + 1}
              </li>
            ))}
          </ol>
        </figure>
      )}
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
        {PICTURE_SLOTS.map((slot) => {
          const picture = pictureOf(slot);
          const position = filled.indexOf(slot);
          const inputId = `picture-${slot}`;
          return (
            <li key={slot} className="rounded-xl border border-line p-3">
              <p className="text-sm font-semibold">{SLOT_LABEL[slot]}</p>
              <p className="text-xs text-muted">{SLOT_WHERE[slot]}</p>
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
                    Use on cards
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
