/**
 * Prints the migrated, empty data directory the browser tests' servers start from (made once per machine by
 * server/test/freshDb.ts), run with tsx in a process of its own: the server's modules are ES modules (import.meta),
 * which Playwright's loader cannot import.
 */
import { templateDb } from '../../server/test/freshDb';

templateDb().then(
  (dir) => process.stdout.write(dir),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
