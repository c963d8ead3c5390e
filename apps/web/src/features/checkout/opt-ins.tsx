// Checkout's opt-in boxes. The WhatsApp box (decision 066): offered only when the shop sends WhatsApp updates and
// the shopper is not already getting them; unticked until the shopper ticks it. Its words are
// the contract's (whatsappOptInWording), the same the server stores with the time.
import {
  PHONE_PATTERN,
  WHATSAPP_OPT_IN_WORDS,
  whatsappDisplayNumber,
  type WhatsAppUpdatesResponse,
} from '@kitroom/contract';
import { answerReminders } from '@/api/order-calls';

/** `choice`: the shopper's WhatsApp choice, as checkout_start.php returned it. */
export function WhatsAppOptIn(p: {
  choice: WhatsAppUpdatesResponse | undefined;
  phone: string;
  onChange(v: boolean): void;
}) {
  const data = p.choice;
  return data?.available && !data.opted_in && PHONE_PATTERN.test(p.phone) ? (
    <label className="mt-4 flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" onChange={(e) => p.onChange(e.target.checked)} />
      {/* The number is never broken across lines. */}
      <span>
        {WHATSAPP_OPT_IN_WORDS}
        <span className="whitespace-nowrap">{whatsappDisplayNumber(p.phone)}</span>
      </span>
    </label>
  ) : null;
}

/**
 * Checkout's cart-reminder box (decision 065), when the shop sends them and the shopper never
 * answered, in the words the server asked with (and stores with the time): unticked; ticking
 * gives the consent, unticking withdraws it. A reminder only follows if they leave unordered.
 */
export function ReminderOptIn({ userId, words }: { userId: number; words: string }) {
  return (
    <label className="mt-3 flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        onChange={(e) => void answerReminders(userId, e.target.checked).catch(() => undefined)}
      />
      <span>{words}</span>
    </label>
  );
}
