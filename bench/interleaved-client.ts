/**
 * The latency client of the interleaved benchmarks, run as a child process (interleaved.ts) so
 * that the server process holds only the server, as in production, where the requests come from
 * browsers elsewhere: the client's own allocations and CPU would otherwise add garbage
 * collections and queueing to the server's answers. Reads one job as JSON from stdin, sends the
 * series' requests one at a time in turn (the first request of each series, then the second...),
 * warm-ups first, and prints `{ [series]: latenciesMs[] }` as JSON. A non-200 answer ends it with
 * an error, so a benchmark never times refusals.
 *
 * A request is timed until its last byte has arrived. It asks for compression as a browser does
 * (the server's compression is part of what is measured) but does not decompress: on two cores
 * fetch's decompression took a fifth of a core beside the server it measured.
 */
import http from 'node:http';
import { text } from 'node:stream/consumers';
import type { InterleavedJob, InterleavedRequest } from './interleaved.ts';

const job = JSON.parse(await text(process.stdin)) as InterleavedJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timed(request: InterleavedRequest): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = http.request(
      request.url,
      {
        method: request.method,
        agent,
        headers: { 'accept-encoding': 'br, gzip', ...request.headers },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now() - started);
          else reject(new Error(`${request.method} ${request.url}: ${response.statusCode}`));
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
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
agent.destroy();
process.stdout.write(JSON.stringify(latencies));
