// Free space on the disk that holds DATA_DIR (the database under PGlite, pictures, backups).
import { statfs } from 'node:fs/promises';

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

/** What fs.statfs returns that is used here; tests hand in their own. */
export type StatFs = (dir: string) => Promise<{ bavail: number; blocks: number; bsize: number }>;

/** Space free for the server's user under `dir`; null when the disk cannot be read. */
export async function diskSpace(dir: string, stat: StatFs = statfs): Promise<DiskSpace | null> {
  try {
    const s = await stat(dir);
    return {
      freeBytes: Number(s.bavail) * Number(s.bsize),
      totalBytes: Number(s.blocks) * Number(s.bsize),
    };
  } catch {
    return null;
  }
}
