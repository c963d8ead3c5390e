// Backups in the back office (owner only): the list with sizes and times, "Back up now", and
// a backup's download. The files themselves are made by the server (decision 035).
import { z } from 'zod';

export const BACKUP_REASONS = ['manual', 'nightly', 'before-migration', 'before-restore'] as const;
export const BackupReason = z.enum(BACKUP_REASONS);
export type BackupReason = z.infer<typeof BackupReason>;

/** kitroom-2026-11-26T02-30-00Z-nightly.zip (a suffix -2, -3 when two fall in one second). */
export const BACKUP_NAME_PATTERN =
  /^kitroom-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-(manual|nightly|before-migration|before-restore)(-\d+)?\.zip$/;

export const Backup = z.object({
  name: z.string(),
  /** ISO instant. */
  taken_at: z.string(),
  size_bytes: z.number().int(),
  reason: BackupReason,
});
export type Backup = z.infer<typeof Backup>;

export const BackupsResponse = z.object({
  /** Newest first. */
  backups: z.array(Backup),
  /** The nightly backup's time (India time, HH:MM), or null when it is off. */
  nightly_at: z.string().nullable(),
  keep_daily: z.number().int(),
  keep_weekly: z.number().int(),
});
export type BackupsResponse = z.infer<typeof BackupsResponse>;

export const CreateBackupResponse = z.object({ backup: Backup });
export type CreateBackupResponse = z.infer<typeof CreateBackupResponse>;

export const BackupNameParams = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, { error: 'not a backup of this shop' }),
});
