import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('createOutboxMailer', () => {
  it('writes each message as its own private .eml file with a text and an HTML part', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer({ dir: outbox, from: 'Portal <no-reply@college.edu>' });
    const message = {
      to: 'ann@college.edu',
      subject: 'Hello',
      text: 'plain body',
      html: '<p>html body</p>',
    };
    const first = await mailer.send(message);
    const second = await mailer.send(message);
    mailer.close();

    expect(mailer.kind).toBe('outbox');
    if (first.kind !== 'outbox' || second.kind !== 'outbox') throw new Error('not the outbox');
    expect(first.file).not.toBe(second.file);
    expect((await fs.readdir(outbox)).sort()).toEqual(
      [path.basename(first.file), path.basename(second.file)].sort(),
    );
    const raw = await fs.readFile(first.file, 'utf8');
    expect(raw).toMatch(/^From: Portal <no-reply@college\.edu>\r$/m);
    expect(raw).toMatch(/^To: ann@college\.edu\r$/m);
    expect(raw).toMatch(/^Subject: Hello\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toContain('plain body');
    expect(raw).toContain('<p>html body</p>');
    expect((await fs.stat(first.file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(outbox)).mode & 0o777).toBe(0o700);
  });
});
