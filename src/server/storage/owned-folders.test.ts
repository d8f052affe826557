import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeOwnedFolder, processRuns, removeLeftovers } from './owned-folders.ts';

/** The pid of a process that has ended (a short child, waited for). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(child.stdout));
}

describe('owned folders', () => {
  let parent: string;
  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'owned-test-'));
  });
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('names the process that made the folder', () => {
    const dir = makeOwnedFolder(parent, 'sub');
    expect(path.basename(dir)).toMatch(new RegExp(`^sub-${process.pid}-[A-Za-z0-9]{6}$`));
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it("removes a killed process's folders and keeps those of running processes", () => {
    const dead = deadPid();
    expect(processRuns(dead)).toBe(false);
    const mine = makeOwnedFolder(parent, 'sub');
    const leftover = path.join(parent, `sub-${dead}-aB3dE9`);
    fs.mkdirSync(path.join(leftover, 'nested'), { recursive: true });
    fs.writeFileSync(path.join(leftover, 'nested', 'Main.java'), 'class Main {}');
    const otherKind = path.join(parent, `cache-${dead}-aB3dE9`);
    fs.mkdirSync(otherKind);
    // pid 1 runs on every Linux machine: another process's folder in use.
    const init = path.join(parent, 'check-1-Zz9Yy8');
    fs.mkdirSync(init);

    expect(removeLeftovers(parent, ['sub', 'check'])).toEqual([`sub-${dead}-aB3dE9`]);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(mine)).toBe(true);
    expect(fs.existsSync(init)).toBe(true);
    expect(fs.existsSync(otherKind)).toBe(true);
  });

  it('removes folders of the naming without a pid only once they are an hour old', () => {
    const old = path.join(parent, 'portal-package-Abc123');
    const recent = path.join(parent, 'portal-package-Xyz789');
    fs.mkdirSync(old);
    fs.mkdirSync(recent);
    const now = Date.now();
    fs.utimesSync(old, new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
    expect(removeLeftovers(parent, ['portal-package'], now)).toEqual(['portal-package-Abc123']);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it('does nothing when the parent folder does not exist yet', () => {
    expect(removeLeftovers(path.join(parent, 'missing'), ['sub'])).toEqual([]);
  });
});
