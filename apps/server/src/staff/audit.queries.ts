import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { auditLog, staff, type AUDIT_ACTORS } from '../db/index.js';

export interface AuditRow {
  staffId: number | null;
  actor: (typeof AUDIT_ACTORS)[number];
  ip: string | null;
  entity: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

export async function insertEntry(db: Queryable, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Many entries in one statement per thousand. */
export async function insertEntries(db: Queryable, rows: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(auditLog).values(rows.slice(i, i + 1000));
  }
}

export interface AuditFilter {
  entity?: string;
  staffId?: number;
  /** Inclusive start and exclusive end, as instants. */
  from?: Date;
  until?: Date;
  beforeId?: number;
  limit: number;
}

/** Entries newest first, with the acting staff member's name. */
export function listEntries(db: Queryable, f: AuditFilter) {
  const conditions: SQL[] = [];
  if (f.entity !== undefined) conditions.push(eq(auditLog.entity, f.entity));
  if (f.staffId !== undefined) conditions.push(eq(auditLog.staffId, f.staffId));
  if (f.from !== undefined) conditions.push(gte(auditLog.at, f.from));
  if (f.until !== undefined) conditions.push(lt(auditLog.at, f.until));
  if (f.beforeId !== undefined) conditions.push(lt(auditLog.id, f.beforeId));
  return db
    .select({ entry: auditLog, staffName: staff.name })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
}
