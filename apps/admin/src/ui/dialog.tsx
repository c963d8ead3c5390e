// A modal dialog in a portal: a title, its content and buttons, with a backdrop, a focus trap,
// Escape to close and focus given back where it was (use-focus-trap.ts, as in the storefront).
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap, useScrollLock } from '@kitroom/ui/use-focus-trap';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The buttons. */
  actions: ReactNode;
  /** What gets the focus when the dialog opens (default: its first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  initialFocus,
  role = 'dialog',
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose, initialFocus);
  useScrollLock(open);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex p-4">
      <div className="absolute inset-0 bg-ink/60" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative m-auto flex w-[min(100%,30rem)] flex-col rounded-2xl bg-white p-6 shadow-2xl outline-none"
      >
        <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
          {title}
        </h2>
        <div className="mt-2 text-muted">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
