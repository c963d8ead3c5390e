-- Every movement of an order's money as one ledger (issue 39; decision 061): what it was
-- charged, each provider payment captured, the cash collected on delivery, and each refund or
-- payout given or on its way, by purpose. A view over the rows that record them, so the ledger
-- cannot drift from them; paid, refunded, refundable, cash left, net sales and the owner's
-- reconciliation are sums over it.
CREATE VIEW order_ledger AS
SELECT o.id AS order_id, 'charged'::text AS kind, 'order'::text AS purpose,
       o.total_paise AS amount_paise, o.created_at AS at,
       NULL::integer AS payment_id, NULL::integer AS refund_id,
       o.payment_method AS method, NULL::text AS reference, NULL::text AS status
FROM orders o
UNION ALL
SELECT p.order_id, 'captured', 'payment', p.amount_paise, p.updated_at,
       p.id, NULL, p.provider, p.provider_payment_id, p.status
FROM payments p WHERE p.status = 'paid'
UNION ALL
SELECT o.id, 'cod_collected', 'payment', o.total_paise,
       coalesce(o.paid_at, o.delivered_at, o.created_at), NULL, NULL, 'COD', NULL, NULL
FROM orders o WHERE o.payment_method = 'COD' AND o.payment_status = 'SUCCESS'
UNION ALL
SELECT r.order_id, CASE WHEN r.method = 'payout' THEN 'payout' ELSE 'refund' END,
       CASE
         WHEN r.return_id IS NOT NULL THEN 'return'
         WHEN starts_with(r.idempotency_key, 'admin-') THEN 'staff'
         WHEN starts_with(r.idempotency_key, 'cancel-order-') THEN 'cancellation'
         WHEN starts_with(r.idempotency_key, 'late-payment-') THEN 'late_payment'
         WHEN starts_with(r.idempotency_key, 'extra-payment-') THEN 'extra_payment'
         ELSE 'other'
       END,
       -r.amount_paise, coalesce(r.processed_at, r.created_at), r.payment_id, r.id,
       r.provider, coalesce(r.provider_refund_id, r.utr), r.status
FROM refunds r WHERE r.status <> 'failed';
