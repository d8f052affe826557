/**
 * The latency client of the interleaved benchmarks, run as a child process (interleaved.ts) so
 * that the server process holds only the server, as in production, where the requests come from
 * browsers elsewhere: the client's own allocations and CPU would otherwise add garbage
 * collections and queueing to the server's answers. Reads one job as JSON from stdin, sends the
 * series' requests one at a time in turn (the first request of each series, then the second...),
 * warm-ups first, and prints `{ [series]: latenciesMs[] }` as JSON. A non-200 answer ends it with
 * an error, so a benchmark never times refusals.
 */
import { text } from 'node:stream/consumers';
import type { InterleavedJob } from './interleaved.ts';

const job = JSON.parse(await text(process.stdin)) as InterleavedJob;

async function timed(request: InterleavedJob['series'][number]['requests'][number]) {
  const started = performance.now();
  const response = await fetch(request.url, { method: request.method, headers: request.headers });
  await response.arrayBuffer();
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.url}: ${response.status}`);
  return performance.now() - started;
}

const latencies: Record<string, number[]> = Object.fromEntries(job.series.map((s) => [s.name, []]));
for (let i = 0; i < job.warmups + job.samples; i++) {
  for (const series of job.series) {
    const request = series.requests[i % series.requests.length];
    if (!request) throw new Error(`series ${series.name} has no request`);
    const ms = await timed(request);
    if (i >= job.warmups) latencies[series.name]?.push(ms);
  }
}
process.stdout.write(JSON.stringify(latencies));
