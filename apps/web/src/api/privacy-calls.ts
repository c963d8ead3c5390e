// The shopper's data rights (ours; the spec has none): a copy of their data, and the erasure
// of their account. Typed by the endpoint table.
import type { DeleteAccountRequest } from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getMyData = (userId: number) => call('my_data.php', { user_id: userId });

export const deleteAccount = (body: DeleteAccountRequest, options?: CallOptions) =>
  call('delete_account.php', body, options);
