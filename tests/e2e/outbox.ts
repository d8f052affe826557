/**
 * Reads links out of the mail the server under test wrote into DATA_DIR/outbox (no SMTP_URL),
 * as a student would open them from their mailbox.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The newest link to `page` (e.g. '/activate-account') with a token, in mail to `email`. */
export async function tokenLinkFromOutbox(email: string, page: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const outbox = path.join(dataDir, 'outbox');
  const linkPattern = new RegExp(`https?://\\S+?${page}\\?token=[A-Za-z0-9_-]{43}`);
  const toPattern = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const raw = await fs.readFile(path.join(outbox, file), 'utf8');
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
