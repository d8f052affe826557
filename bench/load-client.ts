/**
 * The load generator, run as a child process so that its own work does not show up in the
 * server's event-loop measurements. Reads one job as JSON from argv, fires all requests at once
 * and prints `{totalMs, latenciesMs, statusList, statuses}` as JSON (statusList[i] is the status of
 * the request whose latency is latenciesMs[i]).
 */
export {};

type Job = { url: string; requests: { method: string; path: string; body?: unknown }[] };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const statuses: Record<string, number> = {};
const statusList: number[] = [];
const started = performance.now();
const latenciesMs = await Promise.all(
  job.requests.map(async (request, index) => {
    const t0 = performance.now();
    const response = await fetch(job.url + request.path, {
      method: request.method,
      headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    statusList[index] = response.status;
    return performance.now() - t0;
  }),
);
process.stdout.write(
  JSON.stringify({ totalMs: performance.now() - started, latenciesMs, statusList, statuses }),
);
