// The order page's WhatsApp updates (decision 066): each message the order's events wrote for
// a shopper who opted in, with what became of it — waiting, accepted by WhatsApp, sent,
// delivered, read, or failed and why.
import type { AdminWhatsAppMessage } from '@kitroom/contract/admin';
import { formatDateTime } from '@/ui/dates';
import { Panel } from './order-panels';

const STATUS: Record<AdminWhatsAppMessage['status'], string> = {
  waiting: 'Waiting to be sent',
  accepted: 'Accepted by WhatsApp',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  not_sent: 'Not sent',
};

/** 'kitroom_order_confirmed' → 'Order confirmed'. */
const templateText = (name: string) => {
  const words = name.replace(/^kitroom_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function WhatsAppCard({ messages }: { messages: AdminWhatsAppMessage[] }) {
  return (
    <Panel id="order-whatsapp" title="WhatsApp updates">
      <ul className="space-y-2 text-sm">
        {messages.map((m) => {
          const bad = m.status === 'failed' || m.status === 'not_sent';
          return (
            <li key={m.id} data-testid="whatsapp-message">
              <p className="flex flex-wrap justify-between gap-x-4">
                <strong>{templateText(m.template)}</strong>
                <span className={bad ? 'font-semibold text-sale' : 'text-muted'}>
                  {STATUS[m.status]} {formatDateTime(m.status_at)}
                </span>
              </p>
              <p className="text-muted">
                To {m.to} · written {formatDateTime(m.created_at)}
              </p>
              {m.error && <p className={bad ? 'text-sale' : 'text-muted'}>{m.error}</p>}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
