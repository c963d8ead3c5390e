// Backups: the owner lists them, takes one now, and downloads one. Owner only: a backup holds
// every shopper's details and the whole shop (settings.manage is the owner's alone).
import { z } from 'zod';
import { BackupNameParams, BackupsResponse, CreateBackupResponse } from './backups.js';
import type { AdminEndpoint } from './endpoint.js';

export const backupsEndpoints = {
  listBackups: {
    method: 'GET',
    path: '/api/admin/backups',
    summary: "The shop's backups, newest first, with their sizes and times, and the nightly plan",
    access: 'settings.manage',
    response: BackupsResponse,
  },
  createBackup: {
    method: 'POST',
    path: '/api/admin/backups',
    summary: 'Takes a backup of the database and the pictures now',
    access: 'settings.manage',
    response: CreateBackupResponse,
  },
  downloadBackup: {
    method: 'GET',
    path: '/api/admin/backups/:name',
    summary: 'One backup file (zip) to keep somewhere else',
    access: 'settings.manage',
    params: BackupNameParams,
    produces: 'application/zip',
    response: z.string(),
  },
} as const satisfies Record<string, AdminEndpoint>;
