// The recovery codes, shown once after two-factor enrolment: each signs in once in place of
// an authenticator code (a lost phone).
import type { RefObject } from 'react';
import { buttonClass } from '@/ui/button';
import { headingClass } from '@/ui/auth-frame';
import { CopyButton } from '@/ui/copy-button';

interface RecoveryCodesProps {
  codes: string[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSaved: () => void;
}

export function RecoveryCodes({ codes, headingRef, onSaved }: RecoveryCodesProps) {
  return (
    <section aria-labelledby="recovery-heading" className="space-y-4">
      <h1 id="recovery-heading" ref={headingRef} tabIndex={-1} className={headingClass}>
        Save your recovery codes
      </h1>
      <p className="text-muted">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. Keep them somewhere safe, away from your phone. They are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-2xl bg-paper p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')} label="Copy codes" />
      <button type="button" className={buttonClass('primary', 'w-full')} onClick={onSaved}>
        I have saved them
      </button>
    </section>
  );
}
