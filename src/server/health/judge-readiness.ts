/**
 * Whether the judge can run code here, kept fresh (issue 15 item 11): probed at start, again
 * every JUDGE_READINESS_CHECK_SECONDS and whenever an administrator opens the health details, so
 * installing a missing package (or losing one) shows without a restart. The start and every change
 * are logged in plain words, so an operator reading the log sees at once why nothing is judged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JudgeCapabilities, JudgeService } from '../judge/index.ts';

export type JudgeReadiness = {
  /** The latest probe's answer (cheap: no probe unless none has finished yet). */
  current(): Promise<JudgeCapabilities>;
  /**
   * Probes now and logs a change; a probe under way is shared, and one that finished less than
   * `maxAgeMs` ago is answered from (a probe runs a test program in a box: an administrator's
   * page, or a script, asking often must not run one each time).
   */
  recheck(maxAgeMs?: number): Promise<JudgeCapabilities>;
  stop(): void;
};

function describeNotReady(caps: JudgeCapabilities): string {
  return (
    'The judge is NOT ready: student code cannot run on this server, so Run and Submit are ' +
    `refused (/api/health answers 503 "degraded"). Why: ${caps.problems.join('; ') || 'unknown'}.`
  );
}

export function watchJudgeReadiness(
  judge: Pick<JudgeService, 'capabilities' | 'recheck'>,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): JudgeReadiness {
  let known: boolean | undefined;
  const report = (caps: JudgeCapabilities) => {
    if (caps.ready === known) return;
    const first = known === undefined;
    known = caps.ready;
    if (!caps.ready) log.error({ problems: caps.problems }, describeNotReady(caps));
    else
      log.info(
        { sandbox: caps.sandbox, cgroups: caps.cgroups, problems: caps.problems },
        first
          ? `The judge is ready (sandbox ${caps.sandbox}, cgroups ${caps.cgroups}).`
          : 'The judge is ready again: Run and Submit work.',
      );
  };
  let probedAt = 0;
  let underWay: Promise<JudgeCapabilities> | undefined;
  const seen = (caps: JudgeCapabilities) => {
    probedAt = Date.now();
    report(caps);
    return caps;
  };
  const probe = () =>
    (underWay ??= judge
      .recheck()
      .then(seen)
      .finally(() => (underWay = undefined)));
  const failed = (error: unknown) => log.error({ err: error }, 'The judge readiness check failed');
  judge.capabilities().then(seen).catch(failed);
  const timer = setInterval(() => void probe().catch(failed), intervalSeconds * 1000);
  timer.unref();
  return {
    current: () => judge.capabilities(),
    recheck: (maxAgeMs = 0) => (Date.now() - probedAt < maxAgeMs ? judge.capabilities() : probe()),
    stop: () => clearInterval(timer),
  };
}
