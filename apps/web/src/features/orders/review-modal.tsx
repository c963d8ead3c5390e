// 'Add Review' for an item of a paid order: 1-5 stars (each sets the short review text as
// the subject), the subject and a comment; all required ('Please fill all fields.').
import {
  RATING_LABELS,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_FIELDS_REQUIRED,
  REVIEW_SUBJECT_MAX_LENGTH,
  type OrderItem,
} from '@kitroom/contract';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '@/api/client';
import { addReview } from '@/api/order-calls';
import { useSessionEnded } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextAreaField, TextField } from '@/ui/form-field';
import { Overlay } from '@/ui/overlay';

interface ReviewModalProps {
  userId: number;
  orderId: number;
  item: OrderItem;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function ReviewModal({ userId, orderId, item, onClose, onSaved }: ReviewModalProps) {
  const titleId = useId();
  const sessionEnded = useSessionEnded();
  const [rating, setRating] = useState(0);
  const [subject, setSubject] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function rate(value: number) {
    setRating(value);
    setSubject(RATING_LABELS[value - 1] ?? '');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1 || subject.trim() === '' || comment.trim() === '') {
      setError(REVIEW_FIELDS_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await addReview({
        user_id: userId,
        order_id: orderId,
        product_id: item.product_id,
        rating,
        subject: subject.trim(),
        comment: comment.trim(),
      });
      onSaved(response.message);
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) setError(messageOf(failure, 'Please try again.'));
    }
  }

  return (
    <Overlay open onClose={onClose} labelledBy={titleId} className="max-h-[92vh] overflow-y-auto">
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        Add Review
      </h2>
      <p className="mt-1 text-sm text-muted">{item.product_name}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Rating</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => rate(value)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  size={32}
                  className={value <= rating ? 'fill-amber-400 text-amber-500' : 'text-line'}
                />
                <span className="sr-only">
                  {value} {value === 1 ? 'star' : 'stars'}: {RATING_LABELS[value - 1]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          maxLength={REVIEW_SUBJECT_MAX_LENGTH}
        />
        <TextAreaField
          label="Comment"
          name="comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          rows={4}
        />
        <FormMessage text={error} />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {busy ? 'Sending...' : 'Submit Review'}
          </button>
        </div>
      </form>
    </Overlay>
  );
}
