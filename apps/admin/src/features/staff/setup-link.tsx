// A setup link to send someone (an invitation or a reset), with a Copy button. An invitation's
// link was also mailed to them; copying it lets the owner send it another way too.
import type { SetupLinkResponse } from '@kitroom/contract/admin';
import { useId } from 'react';
import { CopyButton } from '@/ui/copy-button';
import { controlClass } from '@/ui/form-field';
import { formatDateTime } from '@/ui/dates';

export function SetupLink({
  link,
  to,
  mailed = false,
}: {
  link: SetupLinkResponse;
  to: string;
  mailed?: boolean;
}) {
  const id = useId();
  const until = formatDateTime(link.expires_at);
  return (
    <div className="space-y-2 rounded-2xl border border-volt-dark bg-volt/15 p-4">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {mailed
          ? `Mailed to ${to}. The link works once, until ${until}; copy it to send it another way.`
          : `Send ${to} this link. It works once, until ${until}.`}
      </label>
      <input
        id={id}
        readOnly
        value={link.setup_url}
        onFocus={(e) => e.currentTarget.select()}
        className={`${controlClass} border-line font-mono text-sm`}
      />
      <CopyButton text={link.setup_url} label="Copy link" />
    </div>
  );
}
