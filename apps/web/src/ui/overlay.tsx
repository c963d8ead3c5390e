// The one overlay primitive: a modal layer in a portal with a backdrop, focus trap, Escape
// and scroll lock. Dialogs, the cart panel, the search overlay and menus are built on it.
import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap, useScrollLock } from '@kitroom/ui/use-focus-trap';

export type OverlayPlacement = 'center' | 'right' | 'left' | 'full' | 'full-dark' | 'bottom';

interface OverlayProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the overlay. */
  labelledBy?: string;
  label?: string;
  placement?: OverlayPlacement;
  /** An alert dialog (a message that needs an answer) rather than a plain dialog. */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

const panelPlacement: Record<OverlayPlacement, string> = {
  center: 'm-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-6 shadow-2xl',
  right: 'ml-auto h-full w-[min(100vw,26rem)] bg-white shadow-2xl',
  left: 'mr-auto h-full w-[min(86vw,20rem)] bg-ink text-white shadow-2xl',
  full: 'h-full w-full bg-white',
  'full-dark': 'h-full w-full bg-ink text-white',
  bottom: 'mt-auto max-h-[92vh] w-full rounded-t-2xl bg-white shadow-2xl',
};

export function Overlay({
  open,
  onClose,
  labelledBy,
  label,
  placement = 'center',
  role = 'dialog',
  initialFocus,
  className = '',
  children,
}: OverlayProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose, initialFocus);
  useScrollLock(open);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex">
      <div
        className="absolute inset-0 bg-ink/60 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
        className={`relative flex flex-col outline-none ${panelPlacement[placement]} ${className}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
