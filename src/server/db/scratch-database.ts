/**
 * A throwaway database on a PostgreSQL server, for the API tests and the benchmarks: created with
 * a random name next to the one `adminUrl` names, and dropped (connections and all) afterwards.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `template` names a database to copy (nobody may be connected to it): the API tests copy one
 * they migrated once instead of migrating every scratch database anew.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'portal_scratch',
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`not a scratch database name: ${template}`);
  await runAsAdmin(
    adminUrl,
    template === undefined
      ? `create database ${name}`
      : `create database ${name} template ${template}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
