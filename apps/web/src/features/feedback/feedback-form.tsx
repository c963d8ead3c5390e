// The footer's feedback form (POST /api/feedback.php): blank text is refused with the
// spec's alert; a sent feedback is thanked in a dialog with a picture and Ok.
import {
  FEEDBACK_BLANK_MESSAGE,
  FEEDBACK_MAX_LENGTH,
  type FeedbackRequest,
} from '@kitroom/contract';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { call, messageOf } from '@/api/client';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { showAlert } from '@/ui/alert';
import { buttonClass } from '@/ui/button-class';

// Shown only after a feedback is sent: its code loads while the feedback is on its way.
const loadThanks = () => import('./feedback-thanks');
const FeedbackThanks = lazyPart(loadThanks);

export function FeedbackForm() {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  const userId = useSessionSelector(selectUserId);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      showAlert(FEEDBACK_BLANK_MESSAGE);
      return;
    }
    const body: FeedbackRequest =
      userId === null ? { feedback: text } : { feedback: text, user_id: userId };
    setSending(true);
    void loadThanks().catch(() => undefined);
    try {
      await call('feedback.php', body);
      setText('');
      setThanked(true);
    } catch (error) {
      showAlert(messageOf(error, 'Please try again.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
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
      {thanked && (
        <Suspense fallback={null}>
          <FeedbackThanks onClose={() => setThanked(false)} />
        </Suspense>
      )}
    </form>
  );
}
