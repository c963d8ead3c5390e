// The restocking hint: how many addresses wait for each size of a product.
import { z } from 'zod';

export const BackInStockWaitingResponse = z.object({
  sizes: z.array(z.object({ size: z.string(), waiting: z.number().int().nonnegative() })),
});
export type BackInStockWaitingResponse = z.infer<typeof BackInStockWaitingResponse>;
