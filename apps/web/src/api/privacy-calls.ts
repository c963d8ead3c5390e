// The shopper's data rights (ours; the spec has none): a copy of their data, and the erasure
// of their account. Types come from the contract.
import type { DeleteAccountRequest, DeleteAccountResponse, MyDataExport } from '@kitroom/contract';
import { post, type CallOptions } from './client';

export const getMyData = (userId: number) => post<MyDataExport>('my_data.php', { user_id: userId });

export const deleteAccount = (body: DeleteAccountRequest, options?: CallOptions) =>
  post<DeleteAccountResponse>('delete_account.php', body, options);
