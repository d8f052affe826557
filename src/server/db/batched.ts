/**
 * Group commit for database calls made once per request. At an exam's deadline hundreds of
 * Submits arrive within a second, and every statement each of them sends is a round trip that
 * costs the server, the database and the kernel a share of two busy cores. Here, the calls that
 * arrive while `inFlight` batches are already at the database wait, and are then sent together
 * as one batch (one statement for all of them): a lone call goes at once, a burst costs a few
 * statements per batch instead of one or more per request.
 *
 * `run` gets the items in arrival order and returns one result per item, in the same order. A
 * batch that fails is run again one item at a time, so one bad item fails alone.
 */
export type Batched<I, O> = (item: I) => Promise<O>;

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

export function batched<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { inFlight: number; maxBatch: number },
): Batched<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;

  async function send(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length)
        throw new Error(`a batch of ${batch.length} got ${results.length} results`);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const w of batch) await send([w]);
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i] as O));
  }

  async function drain(): Promise<void> {
    running += 1;
    try {
      while (waiting.length > 0) await send(waiting.splice(0, options.maxBatch));
    } finally {
      running -= 1;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running < options.inFlight) void drain();
    });
}
