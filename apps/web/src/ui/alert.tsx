// The spec's alerts ('Please try again', ...) as an accessible dialog instead of
// window.alert. showAlert() may be called from anywhere, including thunks.
import { useSyncExternalStore } from 'react';
import { Dialog, buttonClass } from './dialog';

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
    <Dialog
      key={current.id}
      open
      onClose={() => dismiss(current.id)}
      title={current.title}
      actions={
        <button type="button" className={buttonClass()} onClick={() => dismiss(current.id)}>
          OK
        </button>
      }
    >
      <p>{current.message}</p>
    </Dialog>
  );
}
