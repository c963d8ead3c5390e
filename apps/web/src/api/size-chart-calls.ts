// The product page's size chart, asked for when its dialog opens (decision 047).
import { call, type CallOptions } from './client';

export const getSizeChart = (productId: number, options?: CallOptions) =>
  call('size_chart.php', { product_id: productId }, options);
