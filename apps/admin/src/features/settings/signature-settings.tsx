// Settings → Invoice signature (decision 069): the shop's certificate that signs every invoice
// and credit note PDF (CGST Rule 46(q)). The owner uploads a .p12/.pfx file with its password,
// sees whose it is, who issued it and until when, replaces it when it is renewed, or removes
// it. Without one the documents say they are computer-generated, and the section says what
// that risks for a registered buyer. The file and password never come back from the server.
import {
  UploadSigningCertificateRequest,
  type SigningCertificate,
  type SigningCertificateResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';

/** The file's bytes as base64, as the contract sends them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function useApplyResponse() {
  const queryClient = useQueryClient();
  return (response: SigningCertificateResponse) => {
    queryClient.setQueryData(keyOf('getSigningCertificate'), response);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

function Certificate({ certificate }: { certificate: SigningCertificate }) {
  const rows: [string, string][] = [
    ['Signs as', certificate.subject_name],
    ['Subject', certificate.subject],
    ['Issued by', certificate.issuer],
    [
      'Valid',
      `${formatDateTime(certificate.valid_from)} to ${formatDateTime(certificate.valid_to)}`,
    ],
    ['Serial number', certificate.serial_number],
    ['Fingerprint (SHA-256)', certificate.fingerprint],
    ['Uploaded', formatDateTime(certificate.uploaded_at)],
  ];
  return (
    <div className="space-y-3 md:col-span-2">
      {certificate.problem ? (
        <FormMessage text={`Documents are not being signed: ${certificate.problem}`} />
      ) : (
        <FormMessage
          tone="info"
          text={`Invoices and credit notes are signed as ${certificate.subject_name}.`}
        />
      )}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm md:grid-cols-[12rem_minmax(0,1fr)] md:gap-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-muted">{term}</dt>
            <dd className="mb-1 text-ink [overflow-wrap:anywhere] md:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Unsigned() {
  return (
    <div
      role="note"
      className="space-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 md:col-span-2"
    >
      <p className="font-semibold">No certificate: invoices and credit notes are not signed.</p>
      <p>
        Each one says “Computer-generated invoice; not digitally signed.” Rule 46(q) asks for a
        signature or a digital signature on a tax invoice. A registered buyer (a wholesaler)
        claiming input tax credit on an unsigned invoice risks an officer refusing the credit, and
        may ask you for a signed copy. Shoppers who are not registered claim no credit.
      </p>
    </div>
  );
}

function UploadForm({ current }: { current: SigningCertificateResponse }) {
  const fileId = useId();
  const apply = useApplyResponse();
  const [file, setFile] = useState<File | null>(null);
  // A new input after each save: the browser keeps a chosen file's name otherwise.
  const [picker, setPicker] = useState(0);
  // The file is held as base64 in the form's values, read from the chosen file on submit.
  const form = useRequestForm<UploadSigningCertificateRequest, UploadSigningCertificateRequest>(
    UploadSigningCertificateRequest,
    { defaultValues: { file: '', password: '' } },
  );
  const { errors } = form.formState;
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UploadSigningCertificateRequest) =>
      call('uploadSigningCertificate', { body }),
    onSuccess: (now) => {
      apply(now);
      form.reset();
      setFile(null);
      setPicker((n) => n + 1);
      setSaved(
        now.certificate
          ? `Saved: documents are signed as ${now.certificate.subject_name} from now on.`
          : null,
      );
    },
  });
  const replacing = current.certificate !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    form.setValue('file', file ? await base64Of(file) : '');
    await form.handleSubmit((body) => save.mutate(body))();
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 md:col-span-2">
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-semibold text-ink">
            Certificate file (.pfx or .p12)
          </label>
          <input
            key={picker}
            id={fileId}
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            disabled={!current.can_store}
            aria-invalid={errors.file?.message ? true : undefined}
            aria-describedby={`${fileId}-note`}
            onChange={(e) => {
              setSaved(null);
              setFile(e.target.files?.[0] ?? null);
            }}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:font-semibold"
          />
          <p
            id={`${fileId}-note`}
            className={`mt-1 text-sm ${errors.file?.message ? 'font-medium text-sale' : 'text-xs text-muted'}`}
          >
            {errors.file?.message ??
              'With its private key, as your Certifying Authority exports it.'}
          </p>
        </div>
        <TextField
          label="Password of the file"
          type="password"
          autoComplete="off"
          disabled={!current.can_store}
          {...form.register('password', { onChange: () => setSaved(null) })}
          error={errors.password?.message}
          hint="Kept encrypted with the file; never shown again."
        />
      </div>
      <FormMessage text={save.error ? errorText(save.error) : null} />
      <FormMessage tone="info" text={saved} />
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={save.isPending || !current.can_store}
      >
        {save.isPending ? 'Checking…' : replacing ? 'Replace certificate' : 'Upload certificate'}
      </button>
    </form>
  );
}

function RemoveButton() {
  const apply = useApplyResponse();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => call('removeSigningCertificate'),
    onSuccess: (now) => {
      apply(now);
      setAsking(false);
    },
  });
  return (
    <div className="space-y-3 border-t border-line pt-4 md:col-span-2">
      <FormMessage text={remove.error ? errorText(remove.error) : null} />
      {asking ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium">
            Documents made from now on will not be signed. Remove the certificate?
          </p>
          <button
            type="button"
            className={buttonClass('danger')}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? 'Removing…' : 'Remove certificate'}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className={buttonClass('ghost')} onClick={() => setAsking(true)}>
          Remove certificate…
        </button>
      )}
    </div>
  );
}

export function SignatureSection() {
  const query = useQuery(callQuery('getSigningCertificate'));
  const current = query.data;
  return (
    <section
      aria-labelledby="invoice-signature"
      className="grid grid-cols-1 gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
    >
      <h2 id="invoice-signature" className="text-lg font-bold md:col-span-2">
        Invoice signature
      </h2>
      <p className="-mt-2 text-sm text-muted md:col-span-2">
        Every invoice and credit note PDF — the shopper’s download, the shipped mail’s attachment,
        staff’s copies — is signed with the shop’s digital signature certificate: a Class 3
        certificate from a licensed Certifying Authority, as a .pfx file with an exportable key. The
        owner’s guide (Tax) says how to get one.
      </p>
      {query.error ? (
        <div className="md:col-span-2">
          <FormMessage text={errorText(query.error)} />
        </div>
      ) : !current ? (
        <p role="status" className="md:col-span-2">
          Loading the certificate…
        </p>
      ) : (
        <>
          {current.certificate ? <Certificate certificate={current.certificate} /> : <Unsigned />}
          {!current.can_store && (
            <div className="md:col-span-2">
              <FormMessage text="The server has no DOCUMENT_SIGNING_KEY, so it cannot store a certificate safely. Ask whoever runs the server to set it (docs/operations.md) and restart the shop." />
            </div>
          )}
          <UploadForm current={current} />
          {current.certificate && <RemoveButton />}
        </>
      )}
    </section>
  );
}
