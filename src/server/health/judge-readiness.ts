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
  /** Probes now and logs a change. */
  recheck(): Promise<JudgeCapabilities>;
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
  const probe = (fresh: boolean) =>
    (fresh ? judge.recheck() : judge.capabilities()).then((caps) => {
      report(caps);
      return caps;
    });
  const failed = (error: unknown) => log.error({ err: error }, 'The judge readiness check failed');
  probe(false).catch(failed);
  const timer = setInterval(() => void probe(true).catch(failed), intervalSeconds * 1000);
  timer.unref();
  return {
    current: () => judge.capabilities(),
    recheck: () => probe(true),
    stop: () => clearInterval(timer),
  };
}
