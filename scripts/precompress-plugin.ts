/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, which the
 * server sends as they are (@fastify/static's preCompressed) instead of compressing the same
 * bytes again on every request. At the start of an exam 60 lab machines ask for the same app
 * shell at once: compressed on the fly, index.html took the server about 3.6 ms a request against
 * 1.6 ms for its copy sent as it is, and the first paint waits on it. Compressed once at
 * build time, brotli can also use its slowest, smallest setting, which on the fly it cannot
 * afford: fewer bytes on a lab's shared uplink.
 *
 * The server does not compare a copy with its file: whatever changes a file of dist/ must write
 * its copies again (a build does; precompressFile does it for one file).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.csv',
  '.txt',
]);
/** Below this a compressed copy saves less than its headers cost (@fastify/compress's threshold). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes the copies of one file (or removes stale ones, for a file too small to need them);
 * answers whether it wrote any.
 */
export async function precompressFile(file: string): Promise<boolean> {
  const source = await fs.readFile(file);
  if (source.length < MIN_BYTES) {
    await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
    return false;
  }
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost a lookup: the server then sends the file as it
  // is, compressed on the fly if at all.
  const write = async (copy: string, bytes: Buffer) => {
    if (bytes.length < source.length) await fs.writeFile(copy, bytes);
    else await fs.rm(copy, { force: true });
  };
  await Promise.all([write(`${file}.br`, br), write(`${file}.gz`, gz)]);
  return true;
}

/** Compresses the build in `dir`; answers the files it compressed. */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) =>
    COMPRESSIBLE.has(path.extname(file).toLowerCase()),
  );
  const done = await Promise.all(
    files.map(async (file) => ((await precompressFile(file)) ? file : null)),
  );
  return done.filter((file): file is string => file !== null).sort();
}

/** Runs once everything else has written dist/ (the prerendered pages, the service worker). */
export function precompressBuild(): Plugin {
  let outDir = path.resolve('dist');
  return {
    name: 'portal:precompress-build',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDirectory(outDir);
      },
    },
  };
}
