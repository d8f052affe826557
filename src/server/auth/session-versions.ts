/**
 * Revocable sessions (issue 15 item 4). Every account has a token version; session and compiler
 * tokens carry the one they were issued at, and the guards refuse a token older than the
 * account's current version, or one whose account is gone. A password reset, a logout, an
 * administrator's "sign out everywhere" and a deletion move the version on, which ends every
 * token of the account at once, on every device.
 *
 * The check runs on every guarded call, so the versions are kept in this process's memory
 * (version-cache.ts): a call costs a database read only the first time an account is seen, and
 * again every CACHE_TTL_MS. Several server processes may share one PostgreSQL (docs/operations.md, "Scaling
 * out"): a revocation is announced with NOTIFY, as the change feed announces submissions, and
 * every process (this one included) records it on hearing it. While the LISTEN connection is
 * down this process may miss some, so it reads the database on every call until it listens again
 * and then forgets what it knew. PGlite serves one process: the memory is the whole truth there.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import { listenChannel, type ChannelListener } from '../db/listen-channel.ts';
import { GONE, VersionCache } from './version-cache.ts';
import type { Role } from './tokens.ts';
import { bumpTokenVersion, readTokenVersion } from './token-version-queries.ts';

const CHANNEL = 'portal_sessions';

/**
 * Tells the servers on a PostgreSQL database that an account's tokens below `version` are void,
 * from a process that keeps no version cache itself (the `npm run admin` command line).
 */
export async function announceRevocation(
  db: Db,
  kind: Role,
  id: string,
  version: number,
): Promise<void> {
  const payload = JSON.stringify({ kind, id, version });
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
/**
 * How long a remembered version is trusted without a notification: one read per active account
 * per five minutes, and the longest a revocation whose NOTIFY was lost stays unnoticed.
 */
const CACHE_TTL_MS = 5 * 60_000;
/** Far more accounts than sign in to one exam; each entry is a few dozen bytes. */
const CACHE_MAX_ENTRIES = 200_000;

type Log = { warn(obj: object, msg: string): void };

const announcementSchema = z.object({
  kind: z.enum(['student', 'admin']),
  id: z.string(),
  /** null: the account was deleted (JSON has no Infinity). */
  version: z.number().int().nonnegative().nullable(),
});

export type SessionVersions = {
  /** Whether a token issued at version `ver` for this account is still good. */
  isCurrent(kind: Role, id: string, ver: number): Promise<boolean>;
  /**
   * Ends every session and compiler token of the account (logout, sign out everywhere). The
   * account's id and new version, or undefined when there is no such account.
   */
  revokeAll(
    kind: Role,
    by: { id: string } | { email: string },
  ): Promise<{ id: string; version: number } | undefined>;
  /**
   * Tells every process what a transaction of the caller did: the account's version is now
   * `version` (a password reset bumps it with the new password), or GONE (deleted).
   */
  announce(kind: Role, id: string, version: number): Promise<void>;
  close(): Promise<void>;
};

const keyOf = (kind: Role, id: string) => `${kind}:${id}`;

export function createSessionVersions(
  database: Pick<DatabaseHandle, 'kind' | 'pool' | 'db'>,
  log: Log,
  cache = new VersionCache({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES }),
): SessionVersions {
  const { db } = database;
  const reads = new Map<string, Promise<number>>();
  // On PostgreSQL the memory is trusted only while this process hears the announcements.
  let listening = database.kind === 'pglite';
  let listener: ChannelListener | undefined;
  if (database.kind === 'postgres') {
    listener = listenChannel(
      database.pool,
      CHANNEL,
      {
        onPayload(payload) {
          const heard = parseAnnouncement(payload);
          if (heard) cache.note(keyOf(heard.kind, heard.id), heard.version ?? GONE);
        },
        onListening() {
          // Whatever was missed while deaf is forgotten with everything else, reads included.
          cache.clear();
          listening = true;
        },
        onLost() {
          listening = false;
        },
      },
      log,
      'session revocations',
    );
  }

  const current = (kind: Role, id: string): Promise<number> => {
    const key = keyOf(kind, id);
    const known = listening ? cache.get(key) : undefined;
    if (known !== undefined) return Promise.resolve(known);
    // One read per account however many of its calls arrive together (a class starting at once).
    let pending = reads.get(key);
    if (!pending) {
      const since = cache.generation;
      pending = readTokenVersion(db, kind, id)
        .then((found) => {
          const version = found ?? GONE;
          cache.note(key, version, since);
          return version;
        })
        .finally(() => reads.delete(key));
      reads.set(key, pending);
    }
    return pending;
  };

  const announce = async (kind: Role, id: string, version: number) => {
    cache.note(keyOf(kind, id), version);
    if (database.kind !== 'postgres') return;
    const payload = JSON.stringify({ kind, id, version: version === GONE ? null : version });
    try {
      await database.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (error) {
      // Committed already: the other processes learn it when their memory of it expires.
      log.warn({ err: error }, 'could not announce a session revocation');
    }
  };

  return {
    async isCurrent(kind, id, ver) {
      return ver >= (await current(kind, id));
    },
    async revokeAll(kind, by) {
      const bumped = await bumpTokenVersion(db, kind, by);
      if (bumped) await announce(kind, bumped.id, bumped.version);
      return bumped;
    },
    announce,
    async close() {
      await listener?.close();
    },
  };
}

function parseAnnouncement(payload: string): z.infer<typeof announcementSchema> | undefined {
  try {
    const parsed = announcementSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
