/**
 * The real portal for a benchmark: buildApp on a fresh database (PGlite in a temporary folder, or
 * a scratch database on the PostgreSQL server named by `postgresAdminUrl`), listening on a free
 * loopback port. Every benchmark measures this same server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { createTokenService, type TokenService } from '../src/server/auth/tokens.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Db } from '../src/server/db/connection.ts';
import { admins } from '../src/server/db/schema.ts';
import { createScratchDatabase } from '../src/server/db/scratch-database.ts';

export type BenchServer = {
  url: string;
  /** SIGN_IN_WAIT_SECONDS in ms: the longest a sign-in may take before the server refuses it. */
  signInWaitMs: number;
  tokens: TokenService;
  /** A session token of the seeded administrator (a token of an unknown account is refused). */
  adminToken(): Promise<string>;
  /** The server's own database, for benchmarks that also time queries without HTTP. */
  db: Db;
  close(): Promise<void>;
};

export async function startBenchServer(
  options: {
    postgresAdminUrl?: string;
    env?: Record<string, string>;
    /** Extra routes (e.g. a baseline page), added before the server listens. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...options.env,
  });
  const scratch = options.postgresAdminUrl
    ? await createScratchDatabase(options.postgresAdminUrl, 'portal_bench')
    : undefined;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const tokens = createTokenService(
    new TextEncoder().encode(config.jwtSecret ?? ''),
    config.sessionTtlSeconds,
  );
  const app = await buildApp({ config, database, tokens, version: 'bench' }, false);
  options.extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    signInWaitMs: config.signInWaitMs,
    tokens,
    async adminToken() {
      const [admin] = await database.db.select().from(admins).limit(1);
      if (!admin) throw new Error('no administrator was seeded');
      return tokens.issue({
        sub: admin.id,
        email: admin.email,
        name: 'administrator',
        role: 'admin',
        ver: admin.tokenVersion,
      });
    },
    db: database.db,
    async close() {
      await app.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
