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
