/** What the compiler routes share: the database, the judge, the time rules and the clock. */
import type { Db } from '../db/connection.ts';
import type { JudgeService } from '../judge/index.ts';

export type CompilerContext = {
  db: Db;
  judge: JudgeService;
  timeZone: string;
  graceSeconds: number;
  /** How late a submission queued offline before the deadline may still arrive. */
  offlineAllowanceSeconds: number;
  /** The server's clock; the time rules follow it, never the browser's. */
  now: () => Date;
};
