import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptWorker } from './kept-worker.ts';

/** A worker that answers each message with its thread id, exits on "exit", fills its heap on "grow". */
const script = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort, threadId } from 'node:worker_threads';
    const kept = [];
    parentPort.on('message', (m) => {
      if (m === 'exit') process.exit(3);
      if (m === 'grow') for (;;) kept.push(new Array(1e5).fill(kept.length));
      parentPort.postMessage(threadId);
    });
  `)}`,
);

const ask = async (w: KeptWorker, message: string): Promise<number> => {
  const worker = w.get();
  worker.postMessage(message);
  const [id] = (await once(worker, 'message')) as [number];
  return id;
};

describe('a kept worker thread', () => {
  const kept = new KeptWorker(script, { oldGenerationMb: 16, youngGenerationMb: 4 });
  afterEach(() => kept.stop());

  it('serves every caller with one worker', async () => {
    expect(kept.get()).toBe(kept.get());
    const first = await ask(kept, 'hello');
    expect(await ask(kept, 'again')).toBe(first);
  });

  it('starts a new worker after one that exited', async () => {
    const first = await ask(kept, 'hello');
    const dying = kept.get();
    dying.postMessage('exit');
    await once(dying, 'exit');
    expect(kept.get()).not.toBe(dying);
    expect(await ask(kept, 'hello')).not.toBe(first);
  });

  it('stops a worker past its heap bound, and the next caller gets a fresh one', async () => {
    const growing = kept.get();
    // events.once would reject on the worker's 'error' (the out-of-memory report): wait for 'exit'.
    const exited = new Promise<number>((resolve) => growing.on('exit', resolve));
    growing.postMessage('grow');
    const code = await exited;
    expect(code).not.toBe(0);
    expect(kept.get()).not.toBe(growing);
    expect(typeof (await ask(kept, 'hello'))).toBe('number');
  });
});
