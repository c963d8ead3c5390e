// The product form (react-hook-form): every storefront field, status, HSN code, low-stock
// threshold and sizes. Checked by the contract's schemas (CreateProductRequest or
// UpdateProductRequest) through the zod resolver; the GST band warning shows as prices are
// typed. Saving a new product opens its page, where pictures and stock follow.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateProductRequest,
  PRODUCT_STATUSES,
  UpdateProductRequest,
  type CatalogueChoicesResponse,
  type ProductDetail,
  type ProductResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  useFieldArray,
  useForm,
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
} from 'react-hook-form';
import { call, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { controlClass, FormMessage, SelectField, TextField } from '@/ui/form-field';
import {
  createRequestOf,
  emptyValues,
  paiseOf,
  updateRequestOf,
  valuesOf,
  type ProductFormValues,
} from './product-form-values';
import { GstWarning } from './gst-warning';
import { STATUS_LABEL } from './product-format';

const RUPEES_HINT = 'Enter rupees, like 1499 or 1,499.50';

/** The contract's schema checks the request the values make; errors keep the field names. */
function productResolver(mode: 'create' | 'edit'): Resolver<ProductFormValues> {
  const create = zodResolver(CreateProductRequest);
  const update = zodResolver(UpdateProductRequest);
  return async (values, context, options) => {
    const result =
      mode === 'create'
        ? await create(
            createRequestOf(values) as CreateProductRequest,
            context,
            options as unknown as ResolverOptions<CreateProductRequest>,
          )
        : await update(
            updateRequestOf(values) as UpdateProductRequest,
            context,
            options as unknown as ResolverOptions<UpdateProductRequest>,
          );
    return Object.keys(result.errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: result.errors as FieldErrors<ProductFormValues> };
  };
}

interface ProductFormProps {
  choices: CatalogueChoicesResponse;
  product?: ProductDetail;
  onSaved: (saved: ProductResponse) => void;
  /** Opens the stock dialog for an existing size. */
  onAdjust?: (size: string) => void;
}

export function ProductForm({ choices, product, onSaved, onAdjust }: ProductFormProps) {
  const mode = product ? 'edit' : 'create';
  const [sizeNote, setSizeNote] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    resolver: productResolver(mode),
    defaultValues: product ? valuesOf(product) : emptyValues(),
  });
  const { register, handleSubmit, watch, formState } = form;
  const errors = formState.errors;
  const sizes = useFieldArray({ control: form.control, name: 'sizes' });

  const save = useMutation({
    mutationFn: (values: ProductFormValues) =>
      product
        ? call('updateProduct', {
            params: { id: product.id },
            body: updateRequestOf(values) as UpdateProductRequest,
          })
        : call('createProduct', { body: createRequestOf(values) as CreateProductRequest }),
    onSuccess: (saved) => {
      form.reset(valuesOf(saved.product));
      onSaved(saved);
    },
  });

  const categoryId = watch('category_id');
  const subCategories =
    choices.categories.find((c) => String(c.id) === categoryId)?.sub_categories ?? [];
  const selling = paiseOf(watch('discount_price_paise'));
  const priceError = (field: 'price_paise' | 'discount_price_paise') => {
    const error = errors[field]?.message;
    if (!error) return undefined;
    return typeof paiseOf(watch(field)) === 'number' ? error : RUPEES_HINT;
  };
  const options = (rows: readonly { id: number; name: string }[], none: string) => [
    { value: '', label: none },
    ...rows.map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const sizesError = errors.sizes?.message ?? errors.sizes?.root?.message;

  // Stock adjusted in the dialog shows here without losing what is being edited.
  useEffect(() => {
    if (!product) return;
    form.getValues('sizes').forEach((row, i) => {
      const now = product.sizes.find((s) => s.size === row.size);
      if (row.existing && now && now.stock !== row.current) {
        form.setValue(`sizes.${i}.current`, now.stock);
      }
    });
  }, [product, form]);

  function removeSize(index: number) {
    const row = form.getValues(`sizes.${index}`);
    if (row.existing && row.current > 0) {
      setSizeNote(
        `${row.size} still has ${row.current} in stock: adjust it to zero before removing it.`,
      );
      return;
    }
    setSizeNote(null);
    sizes.remove(index);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
      aria-label={product ? `Edit ${product.name}` : 'New product'}
      className="space-y-6"
    >
      <section
        aria-labelledby="details"
        className="rounded-2xl border border-line bg-white p-5 md:p-6"
      >
        <h2 id="details" className="text-lg font-bold">
          About the product
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <TextField
            label="Name"
            className="md:col-span-2"
            {...register('name')}
            error={errors.name?.message}
          />
          <TextField
            label="MRP (₹)"
            inputMode="decimal"
            {...register('price_paise')}
            error={priceError('price_paise')}
          />
          <TextField
            label="Selling price (₹)"
            inputMode="decimal"
            {...register('discount_price_paise')}
            error={priceError('discount_price_paise')}
            hint="GST included. At most the MRP."
          />
          <GstWarning
            sellingPaise={typeof selling === 'number' ? selling : undefined}
            hsn={watch('hsn_code')}
          />
          <SelectField
            label="Category"
            options={options(choices.categories, 'Choose a category')}
            {...register('category_id', {
              onChange: () => form.setValue('sub_category_id', ''),
            })}
            error={errors.category_id?.message}
          />
          <SelectField
            label="Sub-category"
            options={options(subCategories, 'None')}
            {...register('sub_category_id')}
            error={errors.sub_category_id?.message}
          />
          <SelectField
            label="Team"
            options={options(choices.teams, 'None')}
            {...register('team_id')}
            error={errors.team_id?.message}
          />
          <SelectField
            label="Player"
            options={options(choices.players, 'None')}
            {...register('player_id')}
            error={errors.player_id?.message}
          />
          <TextField label="Tag" {...register('tag')} error={errors.tag?.message} />
          <TextField
            label="HSN code"
            inputMode="numeric"
            {...register('hsn_code')}
            error={errors.hsn_code?.message}
            hint="6109: jerseys and T-shirts, knitted"
          />
          <div className="md:col-span-2">
            <label htmlFor="product-details" className="mb-1.5 block text-sm font-semibold">
              Details
            </label>
            <textarea
              id="product-details"
              rows={5}
              aria-invalid={errors.product_details ? true : undefined}
              className={`${controlClass} py-2.5 ${errors.product_details ? 'border-sale' : 'border-line'}`}
              {...register('product_details')}
            />
            {errors.product_details && (
              <p className="mt-1 text-sm font-medium text-sale">{errors.product_details.message}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-6 md:col-span-2">
            <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
              <input type="checkbox" className="size-4 accent-ink" {...register('is_limited')} />
              Limited edition
            </label>
            <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
              <input type="checkbox" className="size-4 accent-ink" {...register('is_promoted')} />
              Promoted on the home page
            </label>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="selling"
        className="rounded-2xl border border-line bg-white p-5 md:p-6"
      >
        <h2 id="selling" className="text-lg font-bold">
          Status and stock
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {product && (
            <SelectField
              label="Status"
              options={PRODUCT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
              {...register('status')}
              error={errors.status?.message}
            />
          )}
          <TextField
            label="Low-stock threshold"
            type="number"
            min={0}
            {...register('low_stock_threshold')}
            error={errors.low_stock_threshold?.message}
            hint="A size at or below this count is listed as low."
          />
        </div>
        <table className="mt-5 w-full text-sm">
          <caption className="mb-2 text-left font-semibold">
            Sizes, in the order shoppers see them
          </caption>
          <thead>
            <tr className="text-left text-xs tracking-wide text-muted uppercase">
              <th scope="col" className="py-2 pr-2">
                Size
              </th>
              <th scope="col" className="py-2 pr-2">
                Stock
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sizes.fields.map((field, index) => (
              <tr key={field.id} className="border-t border-line">
                <td className="py-2 pr-2">
                  {field.existing ? (
                    <span className="font-semibold">{field.size}</span>
                  ) : (
                    <input
                      aria-label={`Size ${index + 1}`}
                      className={`${controlClass} max-w-24 border-line`}
                      {...register(`sizes.${index}.size`)}
                    />
                  )}
                  {errors.sizes?.[index]?.size && (
                    <p className="mt-1 text-sm text-sale">{errors.sizes[index]?.size?.message}</p>
                  )}
                </td>
                <td className="py-2 pr-2">
                  {field.existing ? (
                    <span className="tabular-nums">{watch(`sizes.${index}.current`)}</span>
                  ) : (
                    <input
                      type="number"
                      min={0}
                      aria-label={`Starting stock of size ${index + 1}`}
                      className={`${controlClass} max-w-28 border-line`}
                      {...register(`sizes.${index}.stock`)}
                    />
                  )}
                  {errors.sizes?.[index]?.stock && (
                    <p className="mt-1 text-sm text-sale">{errors.sizes[index]?.stock?.message}</p>
                  )}
                </td>
                <td className="py-2">
                  <div className="flex flex-wrap justify-end gap-1.5">
                    {field.existing && onAdjust && (
                      <button
                        type="button"
                        className={smallButtonClass('ghost')}
                        onClick={() => onAdjust(field.size)}

                        aria-label={`Adjust stock of ${field.size}`}
                      >
                        Adjust
                      </button>
                    )}
                    <button
                      type="button"
                      className={smallButtonClass('ghost')}
                      disabled={index === 0}
                      onClick={() => sizes.move(index, index - 1)}
                      aria-label={`Move size ${field.size || index + 1} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={smallButtonClass('ghost')}
                      disabled={index === sizes.fields.length - 1}
                      onClick={() => sizes.move(index, index + 1)}
                      aria-label={`Move size ${field.size || index + 1} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={smallButtonClass('ghost')}
                      onClick={() => removeSize(index)}
                      aria-label={`Remove size ${field.size || index + 1}`}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {sizesError && <p className="mt-2 text-sm font-medium text-sale">{sizesError}</p>}
        <FormMessage text={sizeNote} />
        <button
          type="button"
          className={smallButtonClass('ghost', 'mt-3')}
          onClick={() => sizes.append({ size: '', stock: '0', existing: false, current: 0 })}
        >
          Add a size
        </button>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </button>
        {!product && (
          <p className="text-sm text-muted">Saved as a draft; add pictures, then put it on sale.</p>
        )}
      </div>
      <FormMessage text={save.error ? errorText(save.error) : null} />
    </form>
  );
}
