import { z } from 'zod';

/** Every error response: a 4xx (or 5xx) status with one human sentence. */
export const ErrorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

const MAX_ID = 2_147_483_647;

/**
 * A database id as clients send it: a positive integer, or the same digits as a string
 * (older clients send ids as text).
 */
export const Id = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID)),
]);
export type Id = z.output<typeof Id>;

/** Rupees as a number with at most two decimals (₹1,299.50 → 1299.5). */
export const Rupees = z.number().nonnegative().max(100_000_000);

/**
 * The user id of a call that visitors may make too: absent, null or '' for a visitor (the
 * server then acts for the session's user, if any); when given it must be the session's user.
 */
export const OptionalUserId = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));
