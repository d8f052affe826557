/**
 * Every staff action into the audit log (issue 33): each staff route that changes something (any
 * method but GET) records who (the actor), from which address, the policy action and the route,
 * what it named (the ids in its path, query or body), the course that is in (audit-course.ts)
 * and what it set (audit-changes.ts). A call that updates a target the log knows how to read
 * (audit-before.ts) also reads the target first, and its entry keeps each changed field from
 * what to what (audit-diff.ts). Staff sign-ins, including failed ones, and sign-outs are
 * recorded too.
 *
 * **In the writer's transaction.** The route's last preHandler opens a context for the call
 * (commit-hooks.ts) in which the outermost transaction that writes inserts the entry, outcome
 * 200 (or the 2xx the handler already set), just before it commits: the entry and the change
 * commit or roll back together, and an entry that cannot be inserted undoes the change (the call
 * answers 500). Savepoints do not insert; a call with several transactions is entered by the
 * first that wrote and commits. A transaction that wrote nothing (it found nothing to change and
 * its call will answer 404) inserts nothing. The `onSend` hook then writes the entry only for a
 * successful call that no transaction entered (a single-statement write, or no write at all),
 * just before the answer, as before; and if a call's transaction committed its entry but the
 * call then failed, a second entry with the real outcome and no changes says so.
 * A failed call that committed nothing gets no entry, as before; sign-ins and sign-outs, which
 * are decided by their answer, are always written by `onSend`.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { adminLoginPath } from '../../contract/admin.ts';
import { logoutPath } from '../../contract/sessions.ts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/policy.ts';
import { runWithCommitHook, type CommitHook } from '../db/commit-hooks.ts';
import type { Db } from '../db/connection.ts';
import { beforeLookups, type BeforeLookup, type Named } from './audit-before.ts';
import { auditChanges } from './audit-changes.ts';
import { runWithAuditNote, type AuditNote } from './audit-context.ts';
import { courseOfNamed, readCourseOf } from './audit-course.ts';
import { auditDiff } from './audit-diff.ts';
import { insertAuditEntry, type InsertOptions, type NewAuditEntry } from './audit-queries.ts';

/** The names a call's target goes by, in the order one is chosen as the entry's target. */
const TARGET_KEYS = [
  'challengeId',
  'examCode',
  'courseId',
  'staffId',
  'userId',
  // A student staff act on by id (accounts without mail: activation links, one-time passwords).
  'studentId',
  'submissionId',
  'questionId',
  'name',
  'sha256',
  'email',
] as const;

/** What the call names `key`: its path first, then its query, then its body. */
function namedIn(request: FastifyRequest): Named {
  return (key) => {
    for (const source of [request.params, request.query, request.body]) {
      if (typeof source !== 'object' || source === null) continue;
      const value: unknown = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return value;
    }
    return undefined;
  };
}

function targetOf(request: FastifyRequest): { targetKind: string; targetId: string } {
  const named: string[] = [];
  const name = namedIn(request);
  let kind = '';
  for (const key of TARGET_KEYS) {
    const value = name(key);
    if (value === undefined) continue;
    if (!kind) kind = key.replace(/Id$|Code$/, '');
    named.push(value);
  }
  return { targetKind: kind, targetId: named.join(' / ') };
}

const callOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type SendHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => Promise<unknown>;
/** A callback hook: its `done` runs the rest of the call (the handler) inside a context. */
type DoneHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => void;

/** A staff write's entry while its call runs. */
type Draft = {
  /**
   * `open`: not entered yet; `inserting`: a transaction holds it, not yet committed; `entered`:
   * committed with the call's write; `closed`: the answer is leaving (a transaction the call left
   * running, or a background job it started in its context, adds nothing any more).
   */
  state: 'open' | 'inserting' | 'entered' | 'closed';
  /** The course of what the call names, read before it: a deletion leaves none to read after. */
  course: string | null;
  /** The course a handler chose for a new thing (`courseForNew`), first in line. */
  note: AuditNote;
};

export function createAuditRecorder(db: Db) {
  /** Each update's target as it was before the call (read by the route's preHandler). */
  const befores = new WeakMap<FastifyRequest, Record<string, unknown>>();
  const drafts = new WeakMap<FastifyRequest, Draft>();
  /** Every action the log records, for the page's action filter. */
  const actions = new Set<string>(['staff.sign-in', 'staff.sign-in-refused', 'staff.sign-out']);

  async function write(request: FastifyRequest, entry: NewAuditEntry, options?: InsertOptions) {
    try {
      await insertAuditEntry(db, entry, options);
    } catch (error) {
      request.log.error({ err: error, audit: entry.action }, 'audit entry not written');
    }
  }

  function readBefore(lookup: BeforeLookup): Hook {
    return async (request) => {
      try {
        const before = await lookup.read(db, namedIn(request));
        if (before) befores.set(request, before);
      } catch (error) {
        // The call goes on; its entry keeps what it set, as without a lookup.
        request.log.error({ err: error }, 'audit: the target could not be read before the call');
      }
    };
  }

  /**
   * The target read again once the call wrote it. Inside the writer's transaction (`tx`) this
   * is the state about to be committed, nobody else's change in between; the read is in a
   * savepoint there, so a failing read costs the entry its comparison, never the write.
   */
  async function readAfter(
    request: FastifyRequest,
    lookup: BeforeLookup,
    on: Db,
    inTransaction: boolean,
  ): Promise<Record<string, unknown> | undefined> {
    try {
      if (!inTransaction) return await lookup.read(on, namedIn(request));
      await on.execute(sql`savepoint audit_after`);
      try {
        const after = await lookup.read(on, namedIn(request));
        await on.execute(sql`release savepoint audit_after`);
        return after;
      } catch (error) {
        await on.execute(sql`rollback to savepoint audit_after`);
        throw error;
      }
    } catch (error) {
      request.log.error({ err: error }, 'audit: the target could not be read after the call');
      return undefined;
    }
  }

  /**
   * What the entry keeps of the call. A call that gives an instruction (`compare: 'stored'`):
   * the target read again after the write, compared with the reading before it; the input's
   * own fields are kept beside, but for those the reading covers.
   */
  async function changesOf(
    request: FastifyRequest,
    on: Db,
    inTransaction: boolean,
  ): Promise<Record<string, unknown>> {
    const before = befores.get(request);
    const lookup = beforeLookups[callOf(request)];
    if (!before || !lookup) return auditChanges(request.body);
    if (lookup.compare !== 'stored') return auditDiff(before, request.body, lookup);
    const input = auditChanges(request.body);
    const after = await readAfter(request, lookup, on, inTransaction);
    if (!after) return input;
    const kept = Object.entries(input).filter(([field]) => !Object.hasOwn(after, field));
    return { ...Object.fromEntries(kept), ...auditDiff(before, after, lookup) };
  }

  function staffEntry(
    request: FastifyRequest,
    actor: Actor,
    outcome: number,
    changes: Record<string, unknown>,
    draft: Draft | undefined,
  ): [NewAuditEntry, InsertOptions] {
    const entry: NewAuditEntry = {
      actorId: actor.id,
      actorEmail: actor.email,
      address: request.ip,
      action: String(request.routeOptions.config.action ?? ''),
      call: callOf(request),
      outcome,
      ...targetOf(request),
      courseId: draft?.note.courseId ?? draft?.course ?? null,
      changes,
    };
    return [entry, { courseOf: courseOfNamed(namedIn(request), actor) }];
  }

  /** The entry, inserted by the call's first outermost transaction that wrote something. */
  function enterInTransaction(request: FastifyRequest, reply: FastifyReply, draft: Draft) {
    const hook: CommitHook = async (tx) => {
      const actor = request.actor;
      if (draft.state !== 'open' || !actor) return undefined;
      draft.state = 'inserting';
      try {
        const changes = await changesOf(request, tx, true);
        // The handler may have set its success code already (201 for a creation).
        const status = reply.statusCode;
        const outcome = status >= 200 && status < 300 ? status : 200;
        const [entry, options] = staffEntry(request, actor, outcome, changes, draft);
        if (!(await insertAuditEntry(tx, entry, { ...options, onlyIfWritten: true }))) {
          draft.state = 'open';
          return undefined;
        }
      } catch (error) {
        // Rolls the write back with it: a change without its entry is what this prevents.
        draft.state = 'open';
        throw error;
      }
      return (committed) => {
        if (draft.state === 'inserting') draft.state = committed ? 'entered' : 'open';
      };
    };
    return hook;
  }

  /**
   * The staff write's last preHandler: reads the course of what it names (before the call may
   * delete it), then runs the handler in the context where its transactions enter the entry.
   */
  const openDraft: DoneHook = (request, reply, done) => {
    const draft: Draft = { state: 'open', course: null, note: { courseId: undefined } };
    drafts.set(request, draft);
    const enter = () =>
      runWithAuditNote(draft.note, () =>
        runWithCommitHook(enterInTransaction(request, reply, draft), done),
      );
    const course = courseOfNamed(namedIn(request), request.actor);
    if (!course) {
      enter();
      return;
    }
    readCourseOf(db, course)
      .then(
        (id) => {
          draft.course = id;
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'audit: the course could not be read before the call');
        },
      )
      .then(enter)
      .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
  };

  const staffWrite: Hook = async (request, reply) => {
    const actor = request.actor;
    if (!actor) return;
    const draft = drafts.get(request);
    const state = draft?.state ?? 'open';
    if (draft) draft.state = 'closed';
    const failed = reply.statusCode >= 400;
    if (state === 'entered' && failed) {
      // The call's change committed with its entry, then the call failed: say so.
      await write(request, ...staffEntry(request, actor, reply.statusCode, {}, draft));
      return;
    }
    if (state !== 'open' || failed) return;
    const changes = await changesOf(request, db, false);
    await write(request, ...staffEntry(request, actor, reply.statusCode, changes, draft));
  };

  /** A staff sign-in (by password or invitation), kept whether it worked or not. */
  const signIn: Hook = async (request, reply) => {
    const body = request.body as { email?: unknown } | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    const worked = reply.statusCode === 200;
    if (!worked && reply.statusCode !== 401) return; // bad input or busy: nobody tried a password
    await write(request, {
      actorId: null,
      actorEmail: email,
      address: request.ip,
      action: worked ? 'staff.sign-in' : 'staff.sign-in-refused',
      call: callOf(request),
      outcome: reply.statusCode,
      targetKind: '',
      targetId: '',
      courseId: null,
      changes: {},
    });
  };

  const signOut: Hook = async (request, reply) => {
    if (reply.statusCode >= 400 || request.auth?.role !== 'admin') return;
    await write(request, {
      actorId: request.auth.sub,
      actorEmail: request.auth.email,
      address: request.ip,
      action: 'staff.sign-out',
      call: callOf(request),
      outcome: reply.statusCode,
      targetKind: '',
      targetId: '',
      courseId: null,
      changes: {},
    });
  };

  /** Gives the route its recording hooks, if it is one the log follows. */
  function attach(route: RouteOptions): void {
    const methods = [route.method].flat();
    let hook: Hook | undefined;
    if (route.config?.action !== undefined && !methods.every((m) => m === 'GET' || m === 'HEAD')) {
      hook = staffWrite;
      actions.add(String(route.config.action));
      const lookups = methods.flatMap((m) => beforeLookups[`${m} ${route.url}`] ?? []);
      const [lookup] = lookups;
      const reads = lookup ? [readBefore(lookup)] : [];
      // Last, so the handler itself runs in the context openDraft opens.
      route.preHandler = [...[route.preHandler ?? []].flat(), ...reads, openDraft];
    } else if (route.url === adminLoginPath) hook = signIn;
    else if (route.url === logoutPath) hook = signOut;
    if (!hook) return;
    const record = hook;
    const onSend: SendHook = async (request, reply, payload) => {
      await record(request, reply);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  }

  return {
    attach,
    /** The actions it records, sorted (the staff writes' among the routes seen so far). */
    actions: () => [...actions].sort(),
  };
}
