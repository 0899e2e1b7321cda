/**
 * Administrative changes made directly on the database:
 *   npm run admin -- revoke|restore|delete|promote <email> [--data-dir DIR]
 * PGlite is single-process: stop the server first (or use the /api/v1/admin/users/* endpoints while it runs).
 * With DATABASE_URL (PostgreSQL) it works on that database, servers running or not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDb, type Db } from './db';
import { acquireLock } from './lib/lock';
import { ADMIN_ACTIONS, applyAdminAction, isValidEmail, type AdminAction } from './lib/users';

const USAGE = `Usage: npm run admin -- <${ADMIN_ACTIONS.join('|')}> <email> [--data-dir DIR]

  revoke   mark the user's permissions revoked and end all their sign-ins (calls answer 403 PERMISSION_REVOKED)
  restore  undo revoke and delete (ended sign-ins stay ended: the user signs in again)
  delete   mark the user deleted and end all their sign-ins (calls answer 401 USER_NOT_FOUND)
  promote  add the ADMIN role

DIR defaults to $DATA_DIR or ./data. The server must not be running on the same DIR at the same time
(PGlite allows one process per database); while it runs, use POST /api/v1/admin/users/<action> instead.
With DATABASE_URL set, the change is made on that PostgreSQL database, whether servers run on it or not.`;

function parseArgs(argv: string[]): { action: AdminAction; email: string; dataDir: string } | string {
  const rest: string[] = [];
  let dataDir = process.env.DATA_DIR ?? './data';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--data-dir') {
      const next = argv[i + 1];
      if (!next) return '--data-dir needs a directory';
      dataDir = next;
      i++;
    } else if (arg.startsWith('--data-dir=')) {
      dataDir = arg.slice('--data-dir='.length);
    } else if (arg === '-h' || arg === '--help') {
      return '';
    } else {
      rest.push(arg);
    }
  }
  const [action, email] = rest;
  if (!action || !(ADMIN_ACTIONS as readonly string[]).includes(action)) return `Unknown or missing action '${action ?? ''}'`;
  if (!email || !isValidEmail(email.trim())) return `Missing or invalid e-mail '${email ?? ''}'`;
  if (rest.length > 2) return `Unexpected arguments: ${rest.slice(2).join(' ')}`;
  return { action: action as AdminAction, email: email.trim(), dataDir: path.resolve(dataDir) };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    if (args) console.error(args);
    console.error(USAGE);
    return args ? 2 : 0;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    let shared: Db;
    try {
      shared = await openDb(args.dataDir, { databaseUrl });
    } catch (err) {
      console.error(err instanceof Error ? err.message : String(err));
      return 1;
    }
    return apply(shared, args, 'the database');
  }
  if (!existsSync(path.join(args.dataDir, 'db'))) {
    console.error(`No database in ${args.dataDir} (start the server once, or pass --data-dir)`);
    return 1;
  }
  let db: Db;
  let release: () => void;
  try {
    release = acquireLock(args.dataDir, (message) => console.warn(message));
  } catch (err) {
    console.error(
      `${err instanceof Error ? err.message : String(err)}: stop the server or use POST /api/v1/admin/users/${args.action}`,
    );
    return 1;
  }
  try {
    db = await openDb(args.dataDir);
  } catch (err) {
    release();
    console.error(
      `Could not open the database in ${args.dataDir} (is the server running on it? stop it or use the admin endpoints): ${
        err instanceof Error ? err.message : String(err)
      }`,
    );
    return 1;
  }
  try {
    return await apply(db, args, args.dataDir);
  } finally {
    release();
  }
}

/** Applies the action and closes the database; `where` names it in the message for an unknown e-mail. */
async function apply(db: Db, args: { action: AdminAction; email: string }, where: string): Promise<number> {
  try {
    const user = await applyAdminAction(db, args.action, args.email);
    if (!user) {
      console.error(`No user with e-mail ${args.email} in ${where}`);
      return 1;
    }
    console.info(
      `${args.action}: ${user.email} (id ${user.id}) roles=${user.roles.join(',')} revoked=${user.permissions_revoked} deleted=${
        user.deleted_at !== null
      }`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
