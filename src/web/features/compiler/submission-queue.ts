/**
 * Submissions made while offline, per student and problem (lib/problem-scope.ts), waiting on this computer (IndexedDB,
 * with a localStorage copy) until the network returns. Each carries the id the page generated, so
 * the server judges it once however many times it is sent, and the moment it was made on the
 * server's clock (`queuedAt`), which the server checks against the deadline.
 */
import { z } from 'zod';
import { JUDGE_LANGUAGES } from '../../../contract/verdicts.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';
import { queueKey } from '../../lib/problem-scope.ts';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

const queuedSchema = z.object({
  submissionId: z.string(),
  code: z.string(),
  queuedAt: z.string(),
  /** The language picked (issue 14); absent in entries queued before there was a choice. */
  language: z.enum(JUDGE_LANGUAGES).optional(),
  /** The exam it was made in (issue 31), sent with it: absent for a challenge sat alone. */
  examCode: z.string().optional(),
});
export type QueuedSubmission = z.infer<typeof queuedSchema>;
const queueSchema = z.array(queuedSchema);

function parseQueue(value: unknown): QueuedSubmission[] {
  const parsed = queueSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function loadQueue(owner: string, scope: string): Promise<QueuedSubmission[]> {
  const key = queueKey(owner, scope);
  const all = [...parseQueue(await idbGet(key)), ...parseQueue(storageGetJson('local', key))];
  const byId = new Map(all.map((q) => [q.submissionId, q]));
  return [...byId.values()].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function storeQueue(
  owner: string,
  scope: string,
  queue: QueuedSubmission[],
): Promise<void> {
  const key = queueKey(owner, scope);
  storageSet('local', key, JSON.stringify(queue));
  await idbSet(key, queue);
}

/**
 * A random (v4) UUID. crypto.randomUUID exists only in secure contexts, and a lab may serve the
 * portal over plain http on the campus network; getRandomValues works everywhere.
 */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
