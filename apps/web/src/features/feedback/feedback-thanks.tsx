// The thanks for a sent feedback: a dialog with a picture and Ok (the footer's feedback form
// loads it while the feedback is sent).
import { FEEDBACK_THANKS_MESSAGE } from '@kitroom/contract';
import { buttonClass } from '@/ui/button-class';
import { Dialog } from '@/ui/dialog';

function ThanksPicture() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#d4ff3a" />
      <path d="M30 30h11a7 7 0 0 0 14 0h11l14 10-7 12-7-3v27H30V49l-7 3-7-12z" fill="#0b1220" />
      <path
        d="M38 58l8 8 14-16"
        stroke="#d4ff3a"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default function FeedbackThanks({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Feedback sent"
      icon={<ThanksPicture />}
      actions={
        <button type="button" className={buttonClass()} onClick={onClose}>
          Ok
        </button>
      }
    >
      <p>{FEEDBACK_THANKS_MESSAGE}</p>
    </Dialog>
  );
}
