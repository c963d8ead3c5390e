// Checkout's WhatsApp box (decision 066): offered only when the shop sends WhatsApp updates and
// the shopper is not already getting them; unticked until the shopper ticks it. Its words are
// the contract's (whatsappOptInWording), the same the server stores with the time.
import { PHONE_PATTERN, WHATSAPP_OPT_IN_WORDS, whatsappDisplayNumber } from '@kitroom/contract';
import { useApi } from '@/api/use-api';
import { getWhatsAppUpdates } from '@/api/whatsapp-calls';

export function WhatsAppOptIn(p: { userId: number; phone: string; onChange(v: boolean): void }) {
  const { data } = useApi(`whatsapp ${p.userId}`, (signal) =>
    getWhatsAppUpdates({ user_id: p.userId }, { signal }),
  );
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
