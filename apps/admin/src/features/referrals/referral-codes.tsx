// Affiliates or campaign codes: add one (the storefront's code rules, checked by the
// contract), and deactivate or reactivate each. Paged by code with the server's cursor.
import { CreateReferralCodeRequest, type AdminCampaignCode } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorText } from '@/api/client';
import { buttonClass, smallButtonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { PagedList, useCursorList } from '@/ui/paged-list';
import { useRequestForm } from '@/ui/request-form';

type Kind = 'affiliate' | 'campaign';
type Code = AdminCampaignCode & { id?: number };

const TEXT: Record<Kind, { title: string; one: string; hint: string }> = {
  affiliate: {
    title: 'Affiliates',
    one: 'affiliate',
    hint: 'Partners link to the shop with /link/<code>; their paid orders count for them for 30 days.',
  },
  campaign: {
    title: 'Campaign codes',
    one: 'campaign code',
    hint: 'Ads link to the shop with ?google_code=<code>; orders within 24 hours count for it.',
  },
};

async function listPage(kind: Kind, after: string | undefined) {
  if (kind === 'affiliate') {
    const page = await call('listAffiliates', { query: { after, limit: 50 } });
    return { codes: page.affiliates as Code[], next_after: page.next_after };
  }
  const page = await call('listCampaignCodes', { query: { after, limit: 50 } });
  return { codes: page.campaigns as Code[], next_after: page.next_after };
}

export function ReferralCodes({ kind }: { kind: Kind }) {
  const queryClient = useQueryClient();
  const text = TEXT[kind];
  const key = ['admin', kind === 'affiliate' ? 'listAffiliates' : 'listCampaignCodes'];
  const list = useCursorList({
    queryKey: key,
    fetchPage: (cursor: string | undefined) => listPage(kind, cursor),
    nextCursor: (page) => page.next_after,
    field: 'codes',
  });
  const form = useRequestForm(CreateReferralCodeRequest, { defaultValues: { code: '', name: '' } });
  const { errors } = form.formState;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'referralReport'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const create = useMutation({
    mutationFn: async (body: CreateReferralCodeRequest) => {
      if (kind === 'affiliate') await call('createAffiliate', { body });
      else await call('createCampaignCode', { body });
    },
    onSuccess: () => {
      form.reset();
      refresh();
    },
  });

  return (
    <section
      aria-labelledby={`${kind}-codes`}
      className="space-y-4 rounded-2xl border border-line bg-white p-4 md:p-5"
    >
      <div>
        <h2 id={`${kind}-codes`} className="text-xl font-bold">
          {text.title}
        </h2>
        <p className="mt-1 text-sm text-muted">{text.hint}</p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => create.mutate(body))(event)}
        aria-label={`Add an ${text.one}`}
        className="grid gap-3 md:grid-cols-[10rem_1fr_auto] md:items-start"
      >
        <TextField
          label="Code"
          autoComplete="off"
          {...form.register('code')}
          error={errors.code?.message}
        />
        <TextField
          label="Name"
          autoComplete="off"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <button
          type="submit"
          className={buttonClass('primary', 'md:mt-7')}
          disabled={create.isPending}
        >
          Add
        </button>
      </form>
      <FormMessage text={create.error ? errorText(create.error) : null} />
      <PagedList list={list} loading="Loading…" empty="None yet.">
        {(codes) => (
          <ul className="divide-y divide-line" aria-label={text.title}>
            {codes.map((c) => (
              <CodeRow key={c.code} kind={kind} code={c} onChanged={refresh} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function CodeRow({ kind, code: c, onChanged }: { kind: Kind; code: Code; onChanged: () => void }) {
  const toggle = useMutation({
    mutationFn: async () => {
      const body = { active: !c.active };
      if (kind === 'affiliate' && c.id !== undefined) {
        await call('updateAffiliate', { params: { id: c.id }, body });
      } else {
        await call('updateCampaignCode', { params: { code: c.code }, body });
      }
    },
    onSuccess: onChanged,
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <span className="font-mono font-bold">{c.code}</span>
        <span className="ml-2 text-muted">{c.name}</span>
        {!c.active && (
          <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-sale">
            Inactive
          </span>
        )}
        {toggle.error && (
          <p role="alert" className="mt-1 text-sm font-medium text-sale">
            {errorText(toggle.error)}
          </p>
        )}
      </div>
      <button
        type="button"
        className={smallButtonClass('ghost')}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
        aria-label={`${c.active ? 'Deactivate' : 'Reactivate'} ${c.code}`}
      >
        {c.active ? 'Deactivate' : 'Reactivate'}
      </button>
    </li>
  );
}
