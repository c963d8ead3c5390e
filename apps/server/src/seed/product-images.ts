// Product pictures of the demo catalogue: one set (front, back, close-up) per team and look,
// or per player and team, shared by every product that shows that shirt. Files are WebP
// under DATA_DIR/images/products, named with a hash of their drawing so a changed drawing
// gets a new name (the server caches /images for a year).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { slugify } from '@kitroom/contract';
import sharp from 'sharp';
import { jerseySvg, type Garment, type JerseyArt, type Kit, type View } from './jersey-svg.js';
import type { PlayerData } from './players.data.js';
import { hashText } from './prng.js';
import type { TeamData } from './teams.data.js';

/** A product's three pictures, as relative paths for image_url, image1 and image2. */
export interface ImageSet {
  imageUrl: string;
  image1: string;
  image2: string;
}

export type Look =
  'home' | 'away' | 'third' | 'retro-home' | 'retro-away' | 'training' | 'tracksuit';

export interface ImageFile {
  /** Relative to DATA_DIR, e.g. 'images/products/real-madrid-home-front-1a2b3c4d5e.webp'. */
  path: string;
  svg: string;
}

export const PRODUCT_IMAGE_DIR = 'images/products';
const WEBP = { quality: 80, effort: 2 } as const;
const VIEWS: readonly View[] = ['front', 'back', 'detail'];

function kitFor(team: TeamData, look: Look): { kit: Kit; garment: Garment } {
  switch (look) {
    case 'home':
      return { kit: team.home, garment: 'jersey' };
    case 'away':
      return { kit: team.away, garment: 'jersey' };
    case 'third':
      return { kit: team.third ?? team.away, garment: 'jersey' };
    // Old shirts had buttoned collars.
    case 'retro-home':
      return { kit: { ...team.home, collar: 'polo' }, garment: 'jersey' };
    case 'retro-away':
      return { kit: { ...team.away, collar: 'polo' }, garment: 'jersey' };
    case 'training':
      return {
        kit: { ...team.away, second: team.home.base, pattern: 'plain', collar: 'crew' },
        garment: 'training',
      };
    case 'tracksuit':
      return {
        kit: { ...team.away, second: team.home.base, pattern: 'plain' },
        garment: 'tracksuit',
      };
  }
}

/** A squad number that stays the same for a team: 2 to 23. */
const teamNumber = (team: TeamData) => String(2 + (hashText(team.name) % 22));

/**
 * The picture sets the catalogue asks for, made on first request. Asking in the same order
 * gives the same files, so a catalogue and its pictures always match.
 */
export class ImagePool {
  private readonly sets = new Map<string, ImageSet>();
  private readonly fileList: ImageFile[] = [];

  /** The pictures of a team's shirt in one look. */
  team(team: TeamData, look: Look): ImageSet {
    const { kit, garment } = kitFor(team, look);
    return this.set(`${slugify(team.name)}-${look}`, {
      kit,
      garment,
      crest: team.crest,
      crestShape: team.kind === 'club' ? 'shield' : 'round',
      name: team.backName,
      number: teamNumber(team),
    });
  }

  /** The pictures of a team's home shirt with the player's name and number on the back. */
  player(player: PlayerData, team: TeamData): ImageSet {
    return this.set(`${slugify(player.name)}-${slugify(team.name)}-home`, {
      kit: team.home,
      garment: 'jersey',
      crest: team.crest,
      crestShape: team.kind === 'club' ? 'shield' : 'round',
      name: player.backName,
      number: player.number,
    });
  }

  /** Every file of every set asked for so far. */
  files(): readonly ImageFile[] {
    return this.fileList;
  }

  private set(key: string, art: JerseyArt): ImageSet {
    const known = this.sets.get(key);
    if (known) return known;
    const [front, back, detail] = VIEWS.map((view) => {
      const svg = jerseySvg(art, view);
      // The encoder settings are part of what the file is.
      const hash = createHash('sha256')
        .update(`${JSON.stringify(WEBP)}\n${svg}`)
        .digest('hex')
        .slice(0, 10);
      const file = { path: `${PRODUCT_IMAGE_DIR}/${key}-${view}-${hash}.webp`, svg };
      this.fileList.push(file);
      return file.path;
    }) as [string, string, string];
    const images = { imageUrl: front, image1: back, image2: detail };
    this.sets.set(key, images);
    return images;
  }
}

export interface EnsureImagesResult {
  total: number;
  created: number;
  /** Bytes of all the files, created or found. */
  bytes: number;
}

/** Renders every file that is not on disk yet; files already there are kept as they are. */
export async function ensureImages(
  dataDir: string,
  files: readonly ImageFile[],
  concurrency = Math.min(4, os.availableParallelism()),
): Promise<EnsureImagesResult> {
  await mkdir(path.join(dataDir, PRODUCT_IMAGE_DIR), { recursive: true });
  let created = 0;
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const target = path.join(dataDir, file.path);
      if (existsSync(target)) {
        // Read first, then add: `bytes += await ...` would lose other workers' additions.
        const { size } = await stat(target);
        bytes += size;
        continue;
      }
      const webp = await sharp(Buffer.from(file.svg)).webp(WEBP).toBuffer();
      // Written aside and renamed, so a server sharing DATA_DIR never serves half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, webp);
      await rename(temporary, target);
      created += 1;
      bytes += webp.length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { total: files.length, created, bytes };
}
