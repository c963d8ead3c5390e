// WhatsApp order updates (decision 066): the shopper's choice, and opting out.
import type { WhatsAppUpdatesRequest } from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getWhatsAppUpdates = (body: WhatsAppUpdatesRequest, options?: CallOptions) =>
  call('whatsapp_updates.php', body, options);

export const stopWhatsAppUpdates = (body: WhatsAppUpdatesRequest) =>
  call('whatsapp_updates_stop.php', body);
