/**
 * The judge's local copies of big test files (issue 14 item 6): fetched from the database once
 * per machine, chunk by chunk, checked against their SHA-256 and kept under
 * JUDGE_WORK_DIR/testdata (root only; the launcher opens an input there as a box's stdin), so a
 * deadline's hundreds of submissions read a 64 MB test from the database once, not hundreds of
 * times. Copies no submission holds are removed, least recently used first, once the folder
 * weighs more than `maxBytes`.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/connection.ts';
import type { TestDataFiles } from '../judge/index.ts';
import { readTestData } from './test-data-queries.ts';

const TEST_DATA_CACHE_DIR = 'testdata';
/** The folder's size before copies are removed: 2 GiB. */
const DEFAULT_TEST_DATA_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

export class TestDataCache implements TestDataFiles {
  private readonly dir: string;
  private readonly fetching = new Map<string, Promise<string>>();
  private readonly holds = new Map<string, number>();

  constructor(
    private readonly db: Db,
    workDir: string,
    private readonly maxBytes = DEFAULT_TEST_DATA_CACHE_BYTES,
  ) {
    this.dir = path.join(workDir, TEST_DATA_CACHE_DIR);
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(this.dir, 0o700);
  }

  async acquire(sha256: string): Promise<{ path: string; release(): void }> {
    if (!/^[0-9a-f]{64}$/u.test(sha256)) throw new Error(`not a test data name: ${sha256}`);
    this.holds.set(sha256, (this.holds.get(sha256) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(sha256) ?? 1) - 1;
      if (left > 0) this.holds.set(sha256, left);
      else this.holds.delete(sha256);
    };
    try {
      const file = path.join(this.dir, sha256);
      if (fs.existsSync(file)) {
        const now = new Date();
        fs.utimesSync(file, now, now); // recently used
        return { path: file, release };
      }
      let fetching = this.fetching.get(sha256);
      if (!fetching) {
        fetching = this.fetch(sha256, file).finally(() => this.fetching.delete(sha256));
        this.fetching.set(sha256, fetching);
      }
      return { path: await fetching, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  private async fetch(sha256: string, file: string): Promise<string> {
    const data = await readTestData(this.db, sha256);
    if (!data) throw new Error(`the test data ${sha256} is not in the database`);
    const part = path.join(this.dir, `.${sha256}.${randomUUID()}.part`);
    const hash = createHash('sha256');
    try {
      await pipeline(
        data.chunks,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(part, { mode: 0o600 }),
      );
      if (hash.digest('hex') !== sha256)
        throw new Error(`the test data ${sha256} read back from the database does not match`);
      fs.renameSync(part, file);
    } catch (error) {
      fs.rmSync(part, { force: true });
      throw error;
    }
    this.trim();
    return file;
  }

  /** Removes the least recently used copies nobody holds until the folder fits maxBytes. */
  private trim(): void {
    const copies = fs
      .readdirSync(this.dir)
      .filter((name) => /^[0-9a-f]{64}$/u.test(name))
      .map((name) => {
        const st = fs.statSync(path.join(this.dir, name));
        return { name, size: st.size, used: st.mtimeMs };
      })
      .sort((a, b) => a.used - b.used);
    let total = copies.reduce((sum, c) => sum + c.size, 0);
    for (const c of copies) {
      if (total <= this.maxBytes) break;
      if (this.holds.has(c.name)) continue;
      fs.rmSync(path.join(this.dir, c.name), { force: true });
      total -= c.size;
    }
  }
}
