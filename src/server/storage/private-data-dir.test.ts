import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeTightened, makeDataDirPrivate } from './private-data-dir.ts';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('a private DATA_DIR', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'private-dir-test-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates a missing folder 0700, whatever the umask', async () => {
    const dataDir = path.join(root, 'data');
    const before = process.umask(0o022);
    try {
      expect(await makeDataDirPrivate(dataDir)).toEqual({ folders: 0, files: 0 });
    } finally {
      process.umask(before);
    }
    expect(mode(dataDir)).toBe(0o700);
  });

  it('takes group and other access away from everything under a looser folder', async () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    fs.chmodSync(path.join(dataDir, 'pglite', 'base'), 0o755);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'pglite'), 0o775);
    fs.writeFileSync(path.join(dataDir, 'pglite', 'base', '1234'), 'catalog');
    fs.chmodSync(path.join(dataDir, 'pglite', 'base', '1234'), 0o666);
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'secret');
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o600);
    fs.writeFileSync(path.join(dataDir, 'tool'), '#!/bin/sh');
    fs.chmodSync(path.join(dataDir, 'tool'), 0o755);
    fs.symlinkSync('/etc/hostname', path.join(dataDir, 'link'));

    const changed = await makeDataDirPrivate(dataDir);

    expect(changed).toEqual({ folders: 3, files: 2 });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'pglite'))).toBe(0o700);
    expect(mode(path.join(dataDir, 'pglite', 'base'))).toBe(0o700);
    expect(mode(path.join(dataDir, 'pglite', 'base', '1234'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'tool'))).toBe(0o700);
    // A link's target is not ours to change.
    expect(mode('/etc/hostname')).not.toBe(0o600);
    expect(describeTightened(dataDir, changed)).toBe(
      `DATA_DIR (${dataDir}) was readable or writable by other users: removed their access to 3 folders (now 0700) and 2 files (now 0600 or 0700).`,
    );
  });

  it('says nothing when the folder was private already', async () => {
    const dataDir = path.join(root, 'data');
    await makeDataDirPrivate(dataDir);
    fs.writeFileSync(path.join(dataDir, 'x'), '', { mode: 0o600 });
    const changed = await makeDataDirPrivate(dataDir);
    expect(describeTightened(dataDir, changed)).toBeNull();
  });
});
