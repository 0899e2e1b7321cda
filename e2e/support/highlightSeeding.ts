/**
 * Many highlights for a browser test, without an editing session and a render each (a render is seconds of ffmpeg
 * on this machine, a hundred of them minutes): rows written straight into the test server's own database between a
 * halt and a restart (PGlite allows one process per database), each one "rendered" to one small shared video — the
 * way bench:highlight seeds clips. Only tests can do it: it needs the data directory of a server the test started,
 * and the server itself has no seeding route or flag.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type RunningServer } from './server';
import { ffmpegPath } from './videos';

const SHARED_VIDEO = 'e2e-seeded-highlight.mp4';

export interface SeededHighlights {
  userId: string;
  eventId: string;
  count: number;
  /** Highlight n (1 = the newest) is made n minutes before this and titled `${titlePrefix} ${n}`. */
  newestAt: Date;
  titlePrefix: string;
}

/**
 * `count` ready highlights of the user at the event (two made-up clips each, a 2 s video they all share), written
 * while the server is halted; the server is running again when this returns. The users' tokens outlive the restart.
 */
export async function seedRenderedHighlights(server: RunningServer, seed: SeededHighlights): Promise<void> {
  const highlightsDir = path.join(server.dataDir, 'highlights');
  const video = path.join(highlightsDir, SHARED_VIDEO);
  execFileSync(ffmpegPath(), [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=15',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    video,
  ]);
  await server.halt();
  const row = { ...seed, newestAt: seed.newestAt.toISOString(), dataDir: server.dataDir, storedName: SHARED_VIDEO };
  execFileSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['e2e/support/highlightSeedingMain.ts', JSON.stringify({ ...row, sizeBytes: statSync(video).size })],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await server.restart();
}
