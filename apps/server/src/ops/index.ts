// ops/: what other folders may use (decision 077). Inside ops/, import the file itself.
export { createBackupScheduler } from './backup-scheduler.js';
export { backupsAdminRoutes } from './backups.admin-routes.js';
export {
  backupBeforeMigrating,
  BackupError,
  createBackup,
  latestBackup,
  openBackup,
} from './backups.js';
export { diskSpace, type DiskSpace, type StatFs } from './disk.js';
export {
  refuseBesideUnfinishedRestore,
  refuseEmptyBesideBeforeRestore,
  removeRestoreDumps,
} from './restore-journal.js';
export { codeMigrations, schemaVersion } from './schema-version.js';
export { refuseSecondServerOnPglite } from './single-server.js';
