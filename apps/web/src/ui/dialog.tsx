// A centred modal with a title, a message and its buttons (the spec's named modals).
import { useId, type ReactNode } from 'react';
import { Overlay } from './overlay';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The buttons; the first one gets the focus when the dialog opens. */
  actions: ReactNode;
  icon?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({ open, onClose, title, children, actions, icon, role }: DialogProps) {
  const titleId = useId();
  return (
    <Overlay open={open} onClose={onClose} labelledBy={titleId} role={role ?? 'alertdialog'}>
      {icon && <div className="mb-3 flex justify-center">{icon}</div>}
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        {title}
      </h2>
      <div className="mt-2 text-muted">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
    </Overlay>
  );
}

type ButtonTone = 'primary' | 'accent' | 'ghost';

const tones: Record<ButtonTone, string> = {
  primary: 'bg-ink text-white hover:bg-ink-3',
  accent: 'bg-volt text-ink hover:bg-volt-dark',
  ghost: 'border border-line bg-white text-ink hover:bg-paper',
};

/** The button look used across the shop. */
export function buttonClass(tone: ButtonTone = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${tones[tone]} ${extra}`;
}
