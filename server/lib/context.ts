import type { Db } from '../db';
import type { OidcRelyingParty } from './identity/oidcRelyingParty';
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
  /** The path segment of /api/v1/auth/{idpName}/… (IDP_NAME); the app asks for it at run time. */
  idpName: string;
  /** The hosted provider (OIDC_ISSUER); null while the stand-in (/idp/*) signs people in. */
  oidc: OidcRelyingParty | null;
  /** Verified addresses that are given ADMIN when they sign in (ADMIN_EMAILS). */
  adminEmails: ReadonlySet<string>;
  /** The stand-in's logout goes through its /idp/logout page (LOGOUT_REDIRECT=1). */
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
  /** The provider verified the address (only verified addresses join identities or make admins). */
  email_verified: boolean;
  roles: string[];
  permissions_revoked: boolean;
  deleted_at: Date | null;
  created_at: Date;
}

export function publicUser(row: UserRow): AuthUser {
  return { id: row.id, email: row.email, roles: row.roles };
}
