// "Notify me" on a sold-out size (decision 047).
import type { BackInStockRequest } from '@kitroom/contract';
import { call } from './client';

export const notifyWhenBack = (body: BackInStockRequest) => call('back_in_stock.php', body);
