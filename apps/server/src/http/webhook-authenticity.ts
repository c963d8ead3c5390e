// Which webhook deliveries proved they came from the provider (a valid signature or token).
// Only those count toward the owner's "webhooks keep failing" alert and the Status page: a
// post anyone can send without the secret is logged and refused, never an alarm.
import type { FastifyRequest } from 'fastify';

const authentic = new WeakSet<FastifyRequest>();

/** Marks a webhook delivery whose signature or token is valid. */
export function markWebhookAuthentic(request: FastifyRequest): void {
  authentic.add(request);
}

/** Whether the delivery carried a valid signature or token. */
export function isWebhookAuthentic(request: FastifyRequest): boolean {
  return authentic.has(request);
}
