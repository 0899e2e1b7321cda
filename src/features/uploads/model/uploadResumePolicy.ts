import { keepsUploadsAfter } from '../../../app/userData';
import type { LogoutReason } from '../../session/public';
import { UPLOAD_SESSION_MAX_AGE_MS, UPLOAD_SESSION_MAX_IDLE_MS } from './uploadConstants';
import { incompleteFiles, isBusy } from './uploadQueuePolicy';
import type { StoredUploadSession } from './uploadPersistence';
import type { UploadsState } from './uploadsSlice';
import type { UploadFileItem } from './uploadTypes';

/**
 * The stored upload session's decisions, as plain functions: what is stored, whether a stored session
 * may still be offered ('Resume Upload?') and to whom, and whether it outlives the end of a sign-in.
 */

/** Invalid once older than 24 h or inactive for over 2 h (docs/product/part-1.md §4). */
export function isSessionValid(s: Pick<StoredUploadSession, 'createdAt' | 'lastActivity'>, now: number): boolean {
  return now - s.createdAt <= UPLOAD_SESSION_MAX_AGE_MS && now - s.lastActivity <= UPLOAD_SESSION_MAX_IDLE_MS;
}

/** A file interrupted mid-upload starts over as pending. */
export function resumable(files: readonly UploadFileItem[]): UploadFileItem[] {
  return incompleteFiles(files).map((f) => ({ ...f, status: 'pending' as const, progress: 0, error: null }));
}

export type ResumeDecision =
  /** Offered to its owner; every kept content but these files' is a leftover. */
  | { kind: 'offer'; stored: StoredUploadSession; files: UploadFileItem[] }
  /** Never offered: the stored record (if any) and every kept content go. */
  | { kind: 'discard' };

/**
 * At sign-in: the user's own stored session, still valid and with incomplete files, is offered. Another
 * user's (or an unowned one, stored before owners were kept) is never offered.
 */
export function resumeDecision(stored: StoredUploadSession | null, userId: string, now: number): ResumeDecision {
  if (!stored || stored.ownerId !== userId || !isSessionValid(stored, now)) return { kind: 'discard' };
  const files = resumable(stored.files);
  return files.length > 0 ? { kind: 'offer', stored, files } : { kind: 'discard' };
}

export type SessionToStore = { kind: 'write'; record: StoredUploadSession } | { kind: 'clear' } | { kind: 'leave' };

/**
 * What to store after a change: the session with only its incomplete files, under its owner; nothing
 * (clear) once none is left; and no change at all once the sign-in has ended, so what is stored stays as
 * the end left it (kept for the owner or removed, by `keepsStoredSession`).
 */
export function sessionToStore(
  uploads: Pick<UploadsState, 'sessionId' | 'selectedEvent' | 'files' | 'createdAt' | 'lastActivity'>,
  ownerId: string | null,
  now: number,
): SessionToStore {
  if (!ownerId) return { kind: 'leave' };
  const incomplete = incompleteFiles(uploads.files);
  if (!uploads.sessionId || incomplete.length === 0) return { kind: 'clear' };
  return {
    kind: 'write',
    record: {
      ownerId,
      sessionId: uploads.sessionId,
      selectedEvent: uploads.selectedEvent,
      files: incomplete,
      createdAt: uploads.createdAt ?? now,
      lastActivity: uploads.lastActivity ?? now,
      isActive: isBusy(incomplete),
    },
  };
}

/** How the upload scope of one sign-in ended. */
export type UploadScopeEnd = { kind: 'signedOut'; reason: LogoutReason } | { kind: 'otherUser' };

/**
 * Whether the stored session and its kept contents stay for their owner's next sign-in: by the logout
 * reason (src/app/userData.ts, the one table of what outlives a session); never once the session is
 * another user's.
 */
export function keepsStoredSession(end: UploadScopeEnd): boolean {
  return end.kind === 'signedOut' && keepsUploadsAfter(end.reason);
}
