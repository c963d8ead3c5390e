// Which webhook deliveries proved they came from the provider (a valid signature or token).
// Only those count toward the owner's "webhooks keep failing" alert and the Status page: a
// post anyone can send without the secret is logged and refused, never an alarm. A route
// may also name the provider its deliveries are counted under (couriers' addresses do not
// end in /<provider>/webhook).
import type { FastifyRequest } from 'fastify';

const deliveries = new WeakMap<FastifyRequest, { provider: string | null; authentic: boolean }>();

/** Names the provider a webhook delivery is counted under, before it is verified. */
export function markWebhook(request: FastifyRequest, provider: string): void {
  deliveries.set(request, { provider, authentic: deliveries.get(request)?.authentic ?? false });
}

/** Marks a webhook delivery whose signature or token is valid. */
export function markWebhookAuthentic(request: FastifyRequest): void {
  deliveries.set(request, { provider: deliveries.get(request)?.provider ?? null, authentic: true });
}

/** Whether the delivery carried a valid signature or token. */
export function isWebhookAuthentic(request: FastifyRequest): boolean {
  return deliveries.get(request)?.authentic ?? false;
}

/** The provider a route named for this delivery, if any. */
export function webhookProviderOf(request: FastifyRequest): string | null {
  return deliveries.get(request)?.provider ?? null;
}
