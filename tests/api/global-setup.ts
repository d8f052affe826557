/**
 * Creates one migrated PGlite database per test run and dumps it to a file; each test file starts
 * its own server from a copy (0.5 s) instead of initialising a new database (4-5 s). With
 * TEST_DATABASE_URL, likewise one migrated PostgreSQL database that each server's scratch
 * database is created from (`create database ... template`), instead of running every migration
 * for each of the ~150 servers the API files start on PostgreSQL (0.5-0.7 s each).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connection.ts';
import { createScratchDatabase } from '../../src/server/db/scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** The migrated PostgreSQL database to copy; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    apiLogDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-api-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  const file = path.join(dir, 'template.tar');
  const dump = await database.dump?.();
  if (!dump) throw new Error('PGlite did not dump its data folder');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', file);
  const postgres = await postgresTemplate(process.env.TEST_DATABASE_URL);
  project.provide('postgresTemplate', postgres?.name ?? '');
  // Each test server's log (harness.ts), searched for secrets when that server closes.
  const logDir = path.join(dir, 'logs');
  await fs.mkdir(logDir);
  project.provide('apiLogDir', logDir);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}

/** A migrated database on the PostgreSQL server, closed so that it can be copied. */
async function postgresTemplate(adminUrl: string | undefined) {
  if (!adminUrl) return undefined;
  const created = await createScratchDatabase(adminUrl, 'portal_template');
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { name: new URL(created.url).pathname.slice(1), drop: created.drop };
}
