import type { Db } from '../db';
import type { MediaStore } from './mediaStore/types';
import type { Venue } from './venues';

/** Everything the route modules share; built once by buildApp. */
export interface AppContext {
  db: Db;
  secret: Buffer;
  dataDir: string;
  uploadsDir: string;
  /** Rendered highlights and their posters. */
  highlightsDir: string;
  /**
   * Where clips, thumbnails, highlights and posters are kept (MEDIA_STORE): the disk (uploadsDir, highlightsDir) or
   * a bucket. buildApp always sets it; a context without it (tests driving workers directly) means the disk.
   */
  media?: MediaStore;
  now: () => number;
  tokenTtlSeconds: number;
  idpName: string;
  logoutRedirect: boolean;
  maxUploadBytes: number;
  venues: Venue[];
  ffmpegPath: string | null;
  ffprobePath: string | null;
}

export interface AuthUser {
  id: string;
  email: string;
  roles: string[];
}

export interface UserRow {
  id: string;
  email: string;
  roles: string[];
  permissions_revoked: boolean;
  deleted_at: Date | null;
  created_at: Date;
}

export function publicUser(row: UserRow): AuthUser {
  return { id: row.id, email: row.email, roles: row.roles };
}
