/**
 * Reads links out of the mail the servers under test wrote into their DATA_DIR/outbox (no
 * SMTP_URL), as a student would open them from their mailbox. Every server's outbox is read
 * (playwright.config.ts runs several, E2E_DATA_DIR/server-N): the recipient, unique per test,
 * tells which mail is this test's.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The newest link to `page` (e.g. '/activate-account') with a token, in mail to `email`. */
export async function tokenLinkFromOutbox(email: string, page: string): Promise<string> {
  const linkPattern = new RegExp(`https?://\\S+?${page}\\?token=[A-Za-z0-9_-]{43}`);
  const toPattern = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await mailNewestFirst()) {
          const raw = await fs.readFile(file, 'utf8');
          if (!toPattern.test(raw)) continue;
          // Undo quoted-printable soft breaks and escapes before reading the link.
          const decoded = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          found = linkPattern.exec(decoded)?.[0];
          if (found) return found;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return found ?? '';
}

/** Every .eml of every server's outbox, the newest first (the names start with the time). */
async function mailNewestFirst(): Promise<string[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const servers = await fs.readdir(dataDir).catch(() => [] as string[]);
  const files = await Promise.all(
    servers.map(async (server) => {
      const outbox = path.join(dataDir, server, 'outbox');
      const names = await fs.readdir(outbox).catch(() => [] as string[]);
      return names.map((name) => ({ name, file: path.join(outbox, name) }));
    }),
  );
  return files
    .flat()
    .sort((a, b) => b.name.localeCompare(a.name))
    .map(({ file }) => file);
}
