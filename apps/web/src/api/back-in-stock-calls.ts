// "Notify me" on a sold-out size (decision 047).
import type { BackInStockRequest } from '@kitroom/contract';
import { call } from './client';

export const notifyWhenBack = (body: BackInStockRequest) => call('back_in_stock.php', body);

/** back_in_stock_confirm.php: the mailed link's token confirms a guest's sign-up. */
export const confirmNotifyByLink = (requestId: number, token: string) =>
  call('back_in_stock_confirm.php', { request_id: requestId, token });
