// What one row of the back office's endpoint table says, and who may call it.
import type { z } from 'zod';
import { roleMay, type Permission, type StaffRole } from './roles.js';

/**
 * Who may call: anyone ('public': setup links, sign-in), a staff member between password and
 * second factor ('second-factor'), any signed-in staff member ('signed-in'), or staff whose
 * role has the permission.
 */
export type Access = 'public' | 'second-factor' | 'signed-in' | Permission;

/** Whether a signed-in staff member of this role may call an endpoint with this access. */
export function roleMayCall(role: StaffRole, access: Access): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'second-factor') return false;
  return roleMay(role, access);
}

export interface AdminEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/admin/staff/:id`. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A body other than JSON: a multipart upload (its parts are read by the route) or a CSV
   * file sent as a stream; `body` is then absent.
   */
  consumes?: 'multipart/form-data' | 'text/csv';
  /** A response other than JSON, streamed; `response` is then the file, or one NDJSON line. */
  produces?: 'text/csv' | 'application/x-ndjson' | 'application/pdf' | 'application/zip';
  response: z.ZodType;
}
