// A parcel's tracking id with a copy button ('Copied' for 2 seconds, spec section 9) and its
// tracking link with an open button: the order's own parcel, or an exchange's replacement.
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '@kitroom/ui/copy-text';
import { buttonClass } from '@/ui/button-class';

const COPIED_HINT_MS = 2000;

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // The hint's 2 seconds start when the text is copied, not when React gets to an effect.
  async function copy() {
    if (!(await copyText(text))) return;
    window.clearTimeout(timer.current);
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_HINT_MS);
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={buttonClass('ghost', 'min-h-9 shrink-0 px-3')}
      aria-label={copied ? 'Copied' : label}
    >
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}

interface Parcel {
  tracking_id: string | null;
  tracking_link: string | null;
}

/** The tracking id and link as a description list; `what` names the parcel for the buttons. */
export function TrackingDetails({
  parcel,
  what = '',
  className = '',
}: {
  parcel: Parcel;
  /** '' for the order's parcel, 'replacement' for an exchange's. */
  what?: string;
  className?: string;
}) {
  const prefix = what ? `${what} ` : '';
  return (
    <dl className={`space-y-3 ${className}`}>
      {parcel.tracking_id && (
        <div>
          <dt className="text-sm text-muted">Tracking id</dt>
          <dd className="mt-1 flex items-center justify-between gap-3">
            <span className="font-mono font-semibold break-all">{parcel.tracking_id}</span>
            <CopyButton text={parcel.tracking_id} label={`Copy ${prefix}tracking id`} />
          </dd>
        </div>
      )}
      {parcel.tracking_link && (
        <div>
          <dt className="text-sm text-muted">Tracking link</dt>
          <dd className="mt-1 flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-sm">{parcel.tracking_link}</span>
            <a
              href={parcel.tracking_link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('ghost', 'min-h-9 shrink-0 px-3')}
            >
              <ExternalLink aria-hidden="true" size={16} /> Open
              <span className="sr-only"> {prefix}tracking page (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}
