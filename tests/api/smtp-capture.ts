/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a random port, for the mail tests:
 * it keeps every message it accepts, can refuse the first few with a temporary error (to see the
 * sender retry) and can be slow to accept (to see the answer not wait for the mail).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string; secure: boolean };

export type SmtpCapture = {
  url: string;
  received: CapturedMail[];
  /** Messages refused so far with the temporary error. */
  refused: number;
  /** Waits for the next message to `to` not yet taken by an earlier call. */
  nextMailTo(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

export async function startSmtpCapture(
  options: { refuseFirst?: number; acceptDelayMs?: number } = {},
): Promise<SmtpCapture> {
  const taken = new Set<CapturedMail>();
  const capture: SmtpCapture = {
    url: '',
    received: [],
    refused: 0,
    async nextMailTo(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = capture.received.find((m) => !taken.has(m) && m.to.includes(to));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (capture.refused < (options.refuseFirst ?? 0)) {
          capture.refused += 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const accept = () => {
          const { mailFrom, rcptTo } = session.envelope;
          capture.received.push({
            from: mailFrom ? mailFrom.address : '',
            to: rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            secure: session.secure,
          });
          callback();
        };
        setTimeout(accept, options.acceptDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  capture.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return capture;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links in a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset token of the first link to /forgot-password?token=... in a raw message. */
export function resetTokenIn(raw: string, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/forgot-password\\?token=([A-Za-z0-9_-]{43})`).exec(
    decodeQuotedPrintable(raw),
  );
  if (!match?.[1]) throw new Error(`no reset link in the message:\n${raw}`);
  return match[1];
}
