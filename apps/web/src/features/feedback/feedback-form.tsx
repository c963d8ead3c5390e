// The footer's feedback form (POST /api/feedback.php): blank text is refused with the
// spec's alert; a sent feedback is thanked in a dialog with a picture and Ok.
import {
  FEEDBACK_BLANK_MESSAGE,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_THANKS_MESSAGE,
  type FeedbackRequest,
  type FeedbackResponse,
} from '@kitroom/contract';
import { useId, useState, type FormEvent } from 'react';
import { post, messageOf } from '@/api/client';
import { currentUserId } from '@/api/user-data';
import { showAlert } from '@/ui/alert';
import { buttonClass, Dialog } from '@/ui/dialog';

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

export function FeedbackForm() {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      showAlert(FEEDBACK_BLANK_MESSAGE);
      return;
    }
    const userId = currentUserId();
    const body: FeedbackRequest =
      userId === null ? { feedback: text } : { feedback: text, user_id: userId };
    setSending(true);
    try {
      await post<FeedbackResponse>('feedback.php', body);
      setText('');
      setThanked(true);
    } catch (error) {
      showAlert(messageOf(error, 'Please try again.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3">
      <label htmlFor={fieldId} className="font-display text-lg font-bold tracking-wide uppercase">
        Send us your feedback
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={FEEDBACK_MAX_LENGTH}
        placeholder="Tell us what you liked or what we can do better"
        className="w-full rounded-xl border border-white/15 bg-ink-2 px-3 py-2 text-sm text-white placeholder:text-white/60 focus:border-volt"
      />
      <button type="submit" disabled={sending} className={buttonClass('accent', 'self-start')}>
        {sending ? 'Sending…' : 'Send'}
      </button>
      <Dialog
        open={thanked}
        onClose={() => setThanked(false)}
        title="Feedback sent"
        icon={<ThanksPicture />}
        actions={
          <button type="button" className={buttonClass()} onClick={() => setThanked(false)}>
            Ok
          </button>
        }
      >
        <p>{FEEDBACK_THANKS_MESSAGE}</p>
      </Dialog>
    </form>
  );
}
