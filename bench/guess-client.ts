/**
 * The guessers of the guessing benchmark, run as a child process so that their work does not show
 * up in the server's figures. Reads one job as JSON from argv: `addresses` clients, each with its
 * own X-Forwarded-For address (numbered from `firstAddress`), guess the password of `email` once every `everyMs` (waiting for
 * each answer) for `durationMs`. Prints `{durationMs, statuses, checked}` as JSON, `checked` being
 * the guesses answered 401: those whose password the server checked.
 */
export {};

type Job = {
  url: string;
  email: string;
  addresses: number;
  firstAddress: number;
  everyMs: number;
  durationMs: number;
};

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const statuses: Record<string, number> = {};
const started = performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await Promise.all(
  Array.from({ length: job.addresses }, async (_, i) => {
    const n = job.firstAddress + i;
    const ip = `10.${Math.floor(n / 250)}.${n % 250}.1`;
    // Spread over the first period, as independent clients would be.
    await sleep((i / job.addresses) * job.everyMs);
    for (let k = 0; performance.now() - started < job.durationMs; k++) {
      const sent = performance.now();
      try {
        const response = await fetch(`${job.url}/api/user/loginSignUp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: job.email, password: `guess-${n}-${k}` }),
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
      await sleep(job.everyMs - (performance.now() - sent));
    }
  }),
);
process.stdout.write(
  JSON.stringify({
    durationMs: performance.now() - started,
    statuses,
    checked: statuses['401'] ?? 0,
  }),
);
