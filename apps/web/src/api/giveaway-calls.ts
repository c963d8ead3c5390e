// Giveaways (decision 050): a giveaway's page (by slug, or the current one) and the entry.
import type { GiveawayEntryRequest } from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getGiveaway = (slug: string | undefined, options?: CallOptions) =>
  call('giveaway.php', slug === undefined ? {} : { slug }, options);

export const enterGiveaway = (body: GiveawayEntryRequest) => call('giveaway_entry.php', body);
