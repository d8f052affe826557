/**
 * Times several series of requests interleaved (one of each in turn, so a noisy moment of the
 * machine touches every series alike) from a client in its own process (interleaved-client.ts).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

export type InterleavedRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
};

export type InterleavedJob = {
  warmups: number;
  samples: number;
  /** Each series' requests are used in turn (request i is `requests[i % length]`). */
  series: { name: string; requests: InterleavedRequest[] }[];
};

/** Each series' latencies in milliseconds, warm-ups left out. */
export async function measureInterleaved(job: InterleavedJob): Promise<Record<string, number[]>> {
  const client = path.join(import.meta.dirname, 'interleaved-client.ts');
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', client],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    );
    child.stdin?.end(JSON.stringify(job));
  });
  return JSON.parse(stdout) as Record<string, number[]>;
}
