// The figures /metrics reads when Prometheus scrapes: orders and payments per state, the
// outbox's backlog, the newest backup, the disk and the alerts due, set on the registry's
// gauges. Orders still moving are counted on every scrape through an index; orders at rest
// and payments only grow, so their scan runs at most every 10 minutes (decision 036).
import { ALERT_KINDS } from '@kitroom/contract/admin';
import { Gauge } from 'prom-client';
import { alertsDue, outboxWaitMs, takeReadings, type HealthContext } from './health.service.js';
import * as q from './health.queries.js';

/** Orders at rest and payments are counted by a scan, so at most this often. */
export const HISTORY_COUNTS_MS = 10 * 60_000;

/** The gauges on the monitor's registry, and the function that fills them before a scrape. */
export function scrapeGauges(ctx: HealthContext): (now: Date) => Promise<void> {
  const { registry } = ctx.monitor;
  const { db } = ctx.database;
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const ordersGauge = gauge('kitroom_orders', 'Orders by order status and payment status', [
    'status',
    'payment_status',
  ]);
  const paymentsGauge = gauge('kitroom_payments', 'Payments by provider and state', [
    'provider',
    'state',
  ]);
  const outboxPending = gauge('kitroom_outbox_pending', 'Mails waiting in the outbox');
  const outboxOldest = gauge(
    'kitroom_outbox_oldest_waiting_seconds',
    'How long the oldest unsent mail has waited (0 when none waits)',
  );
  const backupPresent = gauge(
    'kitroom_backup_present',
    'Whether DATA_DIR/backups holds a backup (1) or not (0: age and size read 0)',
  );
  const backupAge = gauge(
    'kitroom_backup_age_seconds',
    'Age of the newest backup under DATA_DIR/backups',
  );
  const backupBytes = gauge('kitroom_backup_size_bytes', 'Size of the newest backup');
  const diskFree = gauge('kitroom_disk_free_bytes', 'Free space on the disk that holds DATA_DIR');
  const diskTotal = gauge('kitroom_disk_total_bytes', 'Size of the disk that holds DATA_DIR');
  const alertGauge = gauge('kitroom_alert_active', 'Owner alerts due now (1) or not (0)', ['kind']);
  let history: { at: number; orders: q.OrderCount[]; payments: q.PaymentCount[] } | null = null;

  async function refresh(now: Date): Promise<void> {
    if (!history || now.getTime() - history.at >= HISTORY_COUNTS_MS) {
      const [orders, payments] = await Promise.all([
        q.orderCounts(db, q.CLOSED_ORDER_STATUSES),
        q.paymentCounts(db),
      ]);
      history = { at: now.getTime(), orders, payments };
    }
    const [open, readings] = await Promise.all([
      q.orderCounts(db, q.OPEN_ORDER_STATUSES),
      takeReadings(ctx, now),
    ]);
    ordersGauge.reset();
    for (const o of [...open, ...history.orders]) {
      ordersGauge.set({ status: o.order_status, payment_status: o.payment_status }, o.count);
    }
    paymentsGauge.reset();
    for (const p of history.payments)
      paymentsGauge.set({ provider: p.provider, state: p.status }, p.count);
    outboxPending.set(readings.outbox.pending);
    outboxOldest.set((outboxWaitMs(readings) ?? 0) / 1000);
    backupAge.reset();
    backupBytes.reset();
    backupPresent.set(readings.backup ? 1 : 0);
    if (readings.backup) {
      backupAge.set((now.getTime() - readings.backup.takenAt.getTime()) / 1000);
      backupBytes.set(readings.backup.bytes);
    }
    diskFree.reset();
    diskTotal.reset();
    if (readings.disk) {
      diskFree.set(readings.disk.freeBytes);
      diskTotal.set(readings.disk.totalBytes);
    }
    const due = alertsDue(readings, ctx.config);
    for (const kind of ALERT_KINDS) alertGauge.set({ kind }, due.has(kind) ? 1 : 0);
  }

  return refresh;
}
