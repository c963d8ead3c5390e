// The profile's 'Your data' panel (decision 037): 'Download my data' saves a copy of
// everything the shop keeps about the shopper as a JSON file; 'Delete my account' asks the
// shopper to type their email to confirm, then erases the account (they are logged out here
// and sent home) or says which order it waits for. A waiting request is shown on every visit.
import { ACCOUNT_ERASED_MESSAGE, DELETE_CONFIRM_MISMATCH, myDataFileName } from '@kitroom/contract';
import { Download, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/ui/router';
import { messageOf } from '@/api/client';
import { deleteAccount, getMyData } from '@/api/privacy-calls';
import { useApi } from '@/api/use-api';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextField } from '@/ui/form-field';
import { Overlay } from '@/ui/overlay';
import { saveJsonFile } from '@/ui/save-file';
import { useSessionDispatch } from './session-slice';
import { forgetUser } from './session-thunks';
import { useSessionEnded } from './use-session-ended';

export const MY_DATA_TEXTS = {
  heading: 'Your data',
  download: 'Download my data',
  downloading: 'Preparing your file...',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  delete: 'Delete my account',
  keep: 'Keep my account',
  deleting: 'Deleting...',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  dialogTitle: 'Delete your account?',
  erased:
    'Your profile, saved address, cart, wholesale application and feedback will be erased, and you will be logged out everywhere. This cannot be undone.',
  kept: 'Orders that have a tax invoice keep the name and address printed on it for 72 months, as the GST law requires. Your reviews stay, signed “a Kitroom shopper”.',
  waitsFor:
    'If an order is still on its way or unpaid, or a return is open, we erase your account once it is settled.',
  confirmLabel: 'Type your email address to confirm',
} as const;

/** Today in India as yyyy-mm-dd, for the file's name. */
const indianToday = () => new Date(Date.now() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);

const sameEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

interface DeleteDialogProps {
  userId: number;
  email: string;
  onClose: () => void;
  onWaiting: (message: string) => void;
}

function DeleteAccountDialog({ userId, email, onClose, onWaiting }: DeleteDialogProps) {
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!sameEmail(typed, email)) {
      setError(DELETE_CONFIRM_MISMATCH);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await deleteAccount({ user_id: userId, action: 'delete', email: typed });
      if (response.state === 'done') {
        dispatch(forgetUser());
        navigate('/', { replace: true });
        showAlert(response.message ?? ACCOUNT_ERASED_MESSAGE, 'Account deleted');
        return;
      }
      onWaiting(response.message ?? '');
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) setError(messageOf(failure, MY_DATA_TEXTS.deleteFailed));
    }
  }

  return (
    <Overlay open onClose={onClose} labelledBy={titleId} initialFocus={keep}>
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        {MY_DATA_TEXTS.dialogTitle}
      </h2>
      <div className="mt-2 space-y-2 text-muted">
        <p>{MY_DATA_TEXTS.erased}</p>
        <p>{MY_DATA_TEXTS.kept}</p>
        <p>{MY_DATA_TEXTS.waitsFor}</p>
      </div>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
        <TextField
          label={MY_DATA_TEXTS.confirmLabel}
          hint={email}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <FormMessage text={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <button ref={keep} type="button" className={buttonClass('ghost')} onClick={onClose}>
            {MY_DATA_TEXTS.keep}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-sale px-5 text-sm font-semibold text-white transition-colors hover:bg-sale/90 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {busy ? MY_DATA_TEXTS.deleting : MY_DATA_TEXTS.delete}
          </button>
        </div>
      </form>
    </Overlay>
  );
}

export function MyDataPanel({ userId, email }: { userId: number; email: string }) {
  const sessionEnded = useSessionEnded();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [asked, setWaiting] = useState<string | null>(null);
  // Asked on every visit (fresh): the request may have been made just now.
  const status = useApi(
    `user ${userId} deletion`,
    (signal) => deleteAccount({ user_id: userId, action: 'status' }, { signal }),
    { fresh: true },
  ).data;
  const waiting = asked ?? (status?.state === 'waiting' ? status.message : null);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveJsonFile(myDataFileName(userId, indianToday()), await getMyData(userId));
    } catch (failure) {
      if (!sessionEnded(failure)) {
        setDownloadError(messageOf(failure, MY_DATA_TEXTS.downloadFailed));
      }
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby="my-data-heading"
      className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-7"
    >
      <h2 id="my-data-heading" className="font-display text-2xl font-bold uppercase">
        {MY_DATA_TEXTS.heading}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        Download a copy of everything we keep about you, or delete your account. Our{' '}
        <Link to="/privacyPolicy" className="font-semibold text-ink underline">
          Privacy Policy
        </Link>{' '}
        says what we keep, why and for how long.
      </p>
      {waiting && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-ink"
        >
          You asked us to delete your account. {waiting}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass('ghost')}
          disabled={downloading}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" size={16} />
          {downloading ? MY_DATA_TEXTS.downloading : MY_DATA_TEXTS.download}
        </button>
        {!waiting && (
          <button
            type="button"
            className={`${buttonClass('ghost')} text-sale`}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" size={16} /> {MY_DATA_TEXTS.delete}
          </button>
        )}
      </div>
      <div className="mt-3">
        <FormMessage text={downloadError} />
      </div>
      {deleting && (
        <DeleteAccountDialog
          userId={userId}
          email={email}
          onClose={() => setDeleting(false)}
          onWaiting={(message) => {
            setDeleting(false);
            setWaiting(message);
          }}
        />
      )}
    </section>
  );
}
