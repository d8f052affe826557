/**
 * The mailer of a lab without a mail server: each message becomes an .eml file in the outbox
 * folder (DATA_DIR/outbox), which any mail program opens. The files hold live reset links, so
 * only the server's user may read them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export function createOutboxMailer(options: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from: options.from },
  );
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not buffer the message');
      await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
      return { kind: 'outbox', messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
