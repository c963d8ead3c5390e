// /admin/categories (catalogue.read; changes need catalogue.write): categories and their
// sub-categories with how many products use each; add, rename, and delete unused ones.
import { CategoryRequest, type Category, type SubCategory } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callQuery, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useTitle } from '@/ui/use-title';

type Change =
  | { kind: 'create-category'; name: string }
  | { kind: 'rename-category'; id: number; name: string }
  | { kind: 'delete-category'; id: number }
  | { kind: 'create-sub'; categoryId: number; name: string }
  | { kind: 'rename-sub'; id: number; name: string }
  | { kind: 'delete-sub'; id: number };

async function apply(change: Change): Promise<unknown> {
  switch (change.kind) {
    case 'create-category':
      return call('createCategory', { body: { name: change.name } });
    case 'rename-category':
      return call('renameCategory', { params: { id: change.id }, body: { name: change.name } });
    case 'delete-category':
      return call('deleteCategory', { params: { id: change.id } });
    case 'create-sub':
      return call('createSubCategory', {
        body: { category_id: change.categoryId, name: change.name },
      });
    case 'rename-sub':
      return call('renameSubCategory', { params: { id: change.id }, body: { name: change.name } });
    case 'delete-sub':
      return call('deleteSubCategory', { params: { id: change.id } });
  }
}

function useChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apply,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listCategories'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalogueChoices'] });
    },
  });
}

export function CategoriesPage() {
  useTitle('Categories');
  const mayWrite = useMay('catalogue.write');
  const list = useQuery(callQuery('listCategories'));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Categories</h1>
        <p className="mt-1 text-muted">
          Shoppers filter the shop by these. A category or sub-category can be deleted once no
          product uses it.
        </p>
      </div>
      {mayWrite && (
        <NameForm
          label="New category"
          submitText="Add category"
          toChange={(name) => ({ kind: 'create-category', name })}
        />
      )}
      {list.error ? (
        <FormMessage text={errorText(list.error)} />
      ) : !list.data ? (
        <p role="status">Loading categories…</p>
      ) : (
        <ul className="space-y-4">
          {list.data.categories.map((c) => (
            <CategoryCard key={c.id} category={c} mayWrite={mayWrite} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A one-field form for a name: adds or renames. */
function NameForm({
  label,
  submitText,
  initial = '',
  toChange,
  onDone,
}: {
  label: string;
  submitText: string;
  initial?: string;
  toChange: (name: string) => Change;
  onDone?: () => void;
}) {
  const form = useRequestForm(CategoryRequest, { defaultValues: { name: initial } });
  const change = useChange();
  const submit = form.handleSubmit((body) =>
    change.mutate(toChange(body.name), {
      onSuccess: () => {
        form.reset({ name: '' });
        onDone?.();
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={label}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
          className="min-w-48 flex-1"
        />
        <button
          type="submit"
          className={buttonClass('primary', 'mt-7')}
          disabled={change.isPending}
        >
          {submitText}
        </button>
        {onDone && (
          <button type="button" className={buttonClass('ghost', 'mt-7')} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <FormMessage text={change.error ? errorText(change.error) : null} />
    </form>
  );
}

function CategoryCard({ category, mayWrite }: { category: Category; mayWrite: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useChange();
  const headingId = `category-${category.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-5">
      {renaming ? (
        <NameForm
          label={`New name for ${category.name}`}
          submitText="Rename"
          initial={category.name}
          toChange={(name) => ({ kind: 'rename-category', id: category.id, name })}
          onDone={() => setRenaming(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-lg font-bold">
            {category.name}{' '}
            <span className="text-sm font-medium text-muted">
              {category.products} product{category.products === 1 ? '' : 's'}
            </span>
          </h2>
          {mayWrite && (
            <div className="flex gap-2">
              <button
                aria-label={`Rename ${category.name}`}
                type="button"
                className={smallButtonClass('ghost')}
                onClick={() => setRenaming(true)}
              >
                Rename
              </button>
              <button
                aria-label={`Delete ${category.name}`}
                type="button"
                className={smallButtonClass('ghost')}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ kind: 'delete-category', id: category.id })}
              >
                Delete
              </button>
            </div>
          )}
        </div>
      )}
      <FormMessage text={remove.error ? errorText(remove.error) : null} />
      <ul className="mt-3 divide-y divide-line border-t border-line">
        {category.sub_categories.map((s) => (
          <SubCategoryRow key={s.id} sub={s} mayWrite={mayWrite} />
        ))}
      </ul>
      {mayWrite && (
        <div className="mt-3">
          <NameForm
            label={`New sub-category of ${category.name}`}
            submitText="Add"
            toChange={(name) => ({ kind: 'create-sub', categoryId: category.id, name })}
          />
        </div>
      )}
    </li>
  );
}

function SubCategoryRow({ sub, mayWrite }: { sub: SubCategory; mayWrite: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useChange();
  if (renaming) {
    return (
      <li className="py-2">
        <NameForm
          label={`New name for ${sub.name}`}
          submitText="Rename"
          initial={sub.name}
          toChange={(name) => ({ kind: 'rename-sub', id: sub.id, name })}
          onDone={() => setRenaming(false)}
        />
      </li>
    );
  }
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {sub.name}{' '}
          <span className="text-sm text-muted">
            {sub.products} product{sub.products === 1 ? '' : 's'}
          </span>
        </span>
        {mayWrite && (
          <div className="flex gap-2">
            <button
              aria-label={`Rename ${sub.name}`}
              type="button"
              className={smallButtonClass('ghost')}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
            <button
              aria-label={`Delete ${sub.name}`}
              type="button"
              className={smallButtonClass('ghost')}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ kind: 'delete-sub', id: sub.id })}
            >
              Delete
            </button>
          </div>
        )}
      </div>
      <FormMessage text={remove.error ? errorText(remove.error) : null} />
    </li>
  );
}
