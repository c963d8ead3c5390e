// Adding the shop to an authenticator app: a QR code of the otpauth:// address (drawn here,
// the secret never leaves the page), the key to type in instead, and the code it then shows.
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CopyButton } from '@/ui/copy-button';
import { TextField } from '@/ui/form-field';

interface TotpEnrolmentProps {
  secret: string;
  otpauthUrl: string;
  /** The setup form's code field, registered. */
  code: UseFormRegisterReturn;
  error?: string;
}

export function TotpEnrolment({ secret, otpauthUrl, code, error }: TotpEnrolmentProps) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Only setup pages need the QR encoder: it is its own chunk.
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then(
        (svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => live && setQr(null),
      );
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;

  return (
    <div className="mt-3 grid gap-5 md:grid-cols-[auto_1fr]">
      <div className="flex justify-center md:block">
        {qr ? (
          <img
            src={qr}
            width={176}
            height={176}
            alt="QR code that adds Kitroom to an authenticator app"
            className="rounded-xl border border-line"
          />
        ) : (
          <div className="size-44 rounded-xl bg-paper" aria-hidden="true" />
        )}
      </div>
      <div className="space-y-3 text-sm">
        <ol className="list-decimal space-y-1 pl-5 text-muted">
          <li>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
          </li>
          <li>Scan the QR code, or add an account by typing the key below.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div>
          <p className="font-semibold text-ink" id="totp-key-label">
            Key to type in
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              aria-labelledby="totp-key-label"
              data-secret={secret}
              className="rounded-lg bg-paper px-2.5 py-1.5 font-mono text-base tracking-wide text-ink"
            >
              {grouped}
            </code>
            <CopyButton text={secret} label="Copy key" />
          </div>
        </div>
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...code}
          error={error}
          className="max-w-56"
        />
      </div>
    </div>
  );
}
