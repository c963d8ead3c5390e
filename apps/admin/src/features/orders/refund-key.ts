// A refund's idempotency key: made once each time the refund dialog opens, so a double click
// or a retry after a lost response refunds once. crypto.getRandomValues works on plain-http
// addresses too, where crypto.randomUUID does not exist.
export function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
