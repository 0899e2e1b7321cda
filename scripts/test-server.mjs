// The local API's tests (Node's test runner, server/test/*.test.ts): two files at a time, each test limited to
// 2 minutes. `node scripts/test-server.mjs [file…]` runs the files given (all by default) on the engine the
// environment names: PGlite, or PostgreSQL when TEST_DATABASE_URL is set (server/test/testDb.ts).
//
// `--every-engine` is what `npm test` runs. Where Debian's PostgreSQL is installed (CI installs it), every file runs
// on a throwaway PostgreSQL cluster (scripts/test-server-postgres.sh), the faster of the two, and the files whose
// subject is the engine itself run again on PGlite, the local default; elsewhere every file runs on PGlite. Both
// engines are the same PostgreSQL, so a route's SQL behaves alike on each: what differs is the driver's parsing of
// values, what a data directory keeps across a restart, and the job queue's leases — the files below.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const ENGINE_FILES = [
  'db-dates', // dates and times as each driver parses them
  'schema-latlng', // coordinates as each driver parses numerics
  'persistence', // what a data directory keeps across a restart
  'identity-lifecycle', // partial uploads and the DATA_DIR at start
  'render-queue', // the job queue's leases
  'fair-use', // the queue's fairness across users
  'demo', // the seed `npm start` runs on PGlite
].map((name) => `server/test/${name}.test.ts`);

const args = process.argv.slice(2);
const everyEngine = args.includes('--every-engine');
const files = args.filter((a) => a !== '--every-engine');

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

function nodeTests(testFiles, env) {
  const all =
    testFiles.length > 0
      ? testFiles
      : readdirSync('server/test')
          .filter((f) => f.endsWith('.test.ts'))
          .map((f) => `server/test/${f}`);
  return run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=180000', ...all], env);
}

function postgresInstalled() {
  if (!existsSync('/usr/lib/postgresql')) return false;
  return readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
}

if (!everyEngine) process.exit(nodeTests(files));

if (!postgresInstalled()) {
  console.log("Server tests on PGlite (install Debian's postgresql to run them on PostgreSQL too).");
  process.exit(nodeTests(files));
}
console.log('Server tests on PostgreSQL, then the engine-bound files on PGlite.');
const onPostgres = run('bash', ['scripts/test-server-postgres.sh', ...files]);
const { TEST_DATABASE_URL: _ignored, ...pgliteEnv } = process.env;
const engineFiles = files.length > 0 ? ENGINE_FILES.filter((f) => files.includes(f)) : ENGINE_FILES;
const onPglite = engineFiles.length > 0 ? nodeTests(engineFiles, pgliteEnv) : 0;
process.exit(onPostgres || onPglite);
