// The spec's alerts ('Please try again', ...) as an accessible dialog instead of
// window.alert. showAlert() may be called from anywhere, including thunks. The dialog's code
// loads with the first alert, not with every page.
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { AlertDialogProps } from './alert-dialog';

// Should the dialog's code not load (the network is down, which is often what the alert is
// about), the browser's own alert gives the message instead.
const AlertDialog = lazy((): Promise<{ default: ComponentType<AlertDialogProps> }> =>
  import('./alert-dialog').catch(() => ({ default: BrowserAlert })),
);

function BrowserAlert({ message, onDismiss }: AlertDialogProps) {
  useEffect(() => {
    window.alert(message);
    onDismiss();
  }, [message, onDismiss]);
  return null;
}

interface AlertMessage {
  id: number;
  title: string;
  message: string;
}

let queue: AlertMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showAlert(message: string, title = 'Notice'): void {
  queue = [...queue, { id: nextId++, title, message }];
  emit();
}

function dismiss(id: number) {
  queue = queue.filter((a) => a.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function AlertHost() {
  const alerts = useSyncExternalStore(
    subscribe,
    () => queue,
    () => queue,
  );
  const current = alerts[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog
        key={current.id}
        title={current.title}
        message={current.message}
        onDismiss={() => dismiss(current.id)}
      />
    </Suspense>
  );
}
