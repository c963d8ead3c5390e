// Copies a text (a setup link, the recovery codes) and says so.
import { useState } from 'react';
import { smallButtonClass } from './button';
import { copyText } from '@kitroom/ui/copy-text';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={smallButtonClass('ghost')}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        {label}
      </button>
      <span role="status" className="text-sm text-muted">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the text and copy it' : ''}
      </span>
    </span>
  );
}
