/**
 * The compiler page's exam signals (issue 17), when the challenge asks for them: time away from
 * the test (absence-tracker.ts), pastes from outside the editor (paste-rules.ts, reported by the
 * editor through `recordPaste`) and reloads. Each event gets its id and the server-clock time
 * here, joins a queue kept on this computer (signal-queue.ts) and is sent in batches
 * (signal-sender.ts): at once when the student leaves (the page may be closed next), otherwise a
 * couple of seconds later, every few seconds while anything waits, and when the network returns.
 * Nothing here ever waits on the network in the way of typing: recording is a push to an array.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { SignalEvent } from '../../../contract/signals.ts';
import { storageGet, storageSet } from '../../lib/web-storage.ts';
import { createAbsenceTracker, type AbsenceEvent } from './absence-tracker.ts';
import { sendSignals, type CompilerCredentials } from './compiler-api.ts';
import type { PasteDecision } from './paste-rules.ts';
import { currentPresence, inHiddenFrame, watchPresence } from './presence.ts';
import type { ServerClock } from '../../ui/server-clock.ts';
import { flushSignals } from './signal-sender.ts';
import { loadSignalQueue, updateSignalQueue } from './signal-queue.ts';
import { newSubmissionId } from './submission-queue.ts';

const SEND_DELAY_MS = 2_000;
const RETRY_MS = 5_000;
/** Blur and visibilitychange of one tab switch arrive a moment apart: read the presence after. */
const SETTLE_MS = 100;

type Options = {
  owner: string;
  attemptId: string | undefined;
  captureTabChanges: boolean;
  disablePaste: boolean;
  credentials: CompilerCredentials;
  clock: ServerClock;
};

type Draft = AbsenceEvent | { kind: 'reload' } | Extract<PasteDecision, { kind: 'outside' }>;

/** Attempts this page load has opened: React may mount twice, which is no reload. */
const openedThisLoad = new Set<string>();

function toEvent(draft: Draft, at: number): SignalEvent {
  const base = { eventId: newSubmissionId(), at: new Date(at).toISOString() };
  switch (draft.kind) {
    case 'outside':
      return { ...base, kind: 'paste', chars: draft.chars, blocked: draft.blocked };
    case 'left':
      return { ...base, kind: 'left', reason: draft.reason };
    case 'returned':
      return { ...base, kind: 'returned', awayMs: draft.awayMs };
    case 'reload':
      return { ...base, kind: 'reload' };
  }
}

export function useExamSignals(options: Options): {
  recordPaste: (decision: PasteDecision) => void;
} {
  const { owner, attemptId, captureTabChanges, disablePaste, credentials, clock } = options;
  const enabled = attemptId !== undefined && (captureTabChanges || disablePaste);
  const queue = useRef<SignalEvent[]>([]);
  const flushing = useRef(false);
  const notBefore = useRef(0);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ credentials, clock });
  useEffect(() => {
    latest.current = { credentials, clock };
  }, [credentials, clock]);

  const flush = useCallback(async () => {
    if (!attemptId || flushing.current || queue.current.length === 0) return;
    if (Date.now() < notBefore.current) return;
    flushing.current = true;
    try {
      const snapshot = [...queue.current];
      const result = await flushSignals(
        snapshot,
        (events) => sendSignals(latest.current.credentials, attemptId, { events }),
        async (remaining) => {
          const left = new Set(remaining.map((e) => e.eventId));
          const sent = new Set(snapshot.filter((e) => !left.has(e.eventId)).map((e) => e.eventId));
          // Events recorded while the batch was on its way stay in the queue.
          queue.current = queue.current.filter((e) => !sent.has(e.eventId));
          await updateSignalQueue(owner, attemptId, { sent });
        },
      );
      if (result.retryAfterMs) notBefore.current = Date.now() + result.retryAfterMs;
    } finally {
      flushing.current = false;
    }
  }, [owner, attemptId]);

  const record = useCallback(
    (draft: Draft, sendNow: boolean) => {
      if (!attemptId) return;
      const event = toEvent(draft, latest.current.clock.now());
      queue.current = [...queue.current, event];
      void updateSignalQueue(owner, attemptId, { add: [event] });
      clearTimeout(sendTimer.current);
      if (sendNow) void flush();
      else sendTimer.current = setTimeout(() => void flush(), SEND_DELAY_MS);
    },
    [owner, attemptId, flush],
  );

  // The queue left by an earlier visit (offline, or closed before sending), then retries.
  useEffect(() => {
    if (!enabled || !attemptId) return;
    let live = true;
    void loadSignalQueue(owner, attemptId).then((stored) => {
      if (!live) return;
      const known = new Set(queue.current.map((e) => e.eventId));
      queue.current = [...stored.filter((e) => !known.has(e.eventId)), ...queue.current];
      void flush();
    });
    const retry = setInterval(() => void flush(), RETRY_MS);
    const onOnline = () => {
      notBefore.current = 0;
      void flush();
    };
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      clearInterval(retry);
      clearTimeout(sendTimer.current);
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, owner, attemptId, flush]);

  // Reloads and time away: only when the teacher asked to capture them.
  useEffect(() => {
    if (!captureTabChanges || !attemptId) return;
    const openedKey = `signal-opened:${owner}:${attemptId}`;
    if (!openedThisLoad.has(openedKey)) {
      openedThisLoad.add(openedKey);
      if (storageGet('local', openedKey)) record({ kind: 'reload' }, false);
      else storageSet('local', openedKey, '1');
    }
    const tracker = createAbsenceTracker();
    tracker.update(Date.now(), currentPresence());
    let settle: ReturnType<typeof setTimeout> | undefined;
    const unwatch = watchPresence(() => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        // An exam keeps every opened problem's page in a hidden frame: only the one in view
        // records, or one tab switch would count once per opened problem.
        if (inHiddenFrame()) return;
        // Measured on this computer's clock (a duration); stamped on the server's by record().
        for (const event of tracker.update(Date.now(), currentPresence()))
          record(event, event.kind === 'left');
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(settle);
      unwatch();
    };
  }, [captureTabChanges, owner, attemptId, record]);

  const recordPaste = useCallback(
    (decision: PasteDecision) => {
      if (decision.kind !== 'outside') return;
      // A blocked paste is recorded whenever paste is disabled (the notice says so); other pastes
      // only when the challenge records signals (the server applies the same rule).
      if (captureTabChanges || (disablePaste && decision.blocked)) record(decision, false);
    },
    [captureTabChanges, disablePaste, record],
  );
  return { recordPaste };
}
