// The alert on screen: the spec's message in an accessible dialog with OK (alert.tsx loads it
// with the first alert).
import { buttonClass } from './button-class';
import { Dialog } from './dialog';

export interface AlertDialogProps {
  title: string;
  message: string;
  onDismiss: () => void;
}

export default function AlertDialog({ title, message, onDismiss }: AlertDialogProps) {
  return (
    <Dialog
      open
      onClose={onDismiss}
      title={title}
      actions={
        <button type="button" className={buttonClass()} onClick={onDismiss}>
          OK
        </button>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
