/** What the compiler routes share: the database, the judge, the queue, the time rules, the clock. */
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { RecentStatuses } from '../changes/recent-statuses.ts';
import type { Db, DatabaseHandle } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import type { SubmitAttemptLookup } from './attempt-queries.ts';
import type { SubmissionStore } from '../submissions/store-submission.ts';
import type { CheckAccess } from '../sittings/access/check-access.ts';

export type CompilerContext = {
  db: Db;
  database: Pick<DatabaseHandle, 'db' | 'pool'>;
  judge: JudgeService;
  queue: JobQueue;
  /** Submit's read of the student's attempt (group-committed). */
  submitAttempts: SubmitAttemptLookup;
  /** Writes submissions and their jobs (group-committed). */
  submissions: SubmissionStore;
  feed: ChangeFeed;
  /** The latest status heard of per recent submission (long polls may wait without a read). */
  recentStatuses: RecentStatuses;
  /** Settles when the server starts closing: a long poll answers with what it has. */
  closing: Promise<void>;
  /** Added to a judge job's worst case to make its lease. */
  leaseMarginSeconds: number;
  /** CHECKER_TIME_LIMIT_SECONDS in ms: a checker's runs count in a judge job's lease. */
  checkerTimeLimitMs?: number;
  /** This process judges (in-process workers): Submit refuses at once if its judge cannot run code. */
  judgesHere: boolean;
  /** Waiting submissions beyond which Submit answers 503 with Retry-After. */
  queueLimit: number;
  timeZone: string;
  graceSeconds: number;
  /** How late a submission queued offline before the deadline may still arrive. */
  offlineAllowanceSeconds: number;
  /** The sitting's access rules, checked where each call resolves its sitting. */
  checkAccess: CheckAccess;
  /** The server's clock; the time rules follow it, never the browser's. */
  now: () => Date;
};
