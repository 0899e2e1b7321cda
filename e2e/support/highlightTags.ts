/**
 * Many tags for one user, for Highlight creation's tag paging (its screen shows the caller's own tags only, so they
 * cannot be spread over several users). POST /api/v1/tags takes 120 a minute per user (server/routes/tags.ts
 * TAGS_PER_MINUTE), so 240 through it cost a minute of waiting: the rows are written straight into the test server's
 * own database between a halt and a restart instead, as highlightSeeding.ts writes highlights. Sending tags is
 * the subject of the tag specs, not of paging.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, type RunningServer } from './server';

export interface SeededTags {
  userId: string;
  eventId: string;
  /** One tag per instant (ISO), of the default type. */
  timestamps: readonly string[];
}

/** Writes the tags while the server is halted; it is running again when this returns. Tokens outlive the restart. */
export async function seedTags(server: RunningServer, seed: SeededTags): Promise<void> {
  await server.halt();
  try {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      ['e2e/support/highlightTagsMain.ts', JSON.stringify({ ...seed, dataDir: server.dataDir })],
      { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } finally {
    await server.restart();
  }
}
