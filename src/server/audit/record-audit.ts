/**
 * Every staff action into the audit log (issue 33): the app gives each staff route that changes
 * something (any method but GET) an onSend hook that records the call once it succeeded, before
 * its answer leaves (a client holding the answer finds the entry):
 * who (the actor), from which address, the policy action and the route, what it named (the ids
 * in its path, query or body) and what it set (audit-changes.ts). A call that updates a target
 * the log knows how to read (audit-before.ts) also gets a preHandler that reads the target
 * first, and its entry keeps each changed field from what to what (audit-diff.ts). Staff
 * sign-ins, including failed ones, and sign-outs are recorded by the same means.
 *
 * The entry is written just before the answer, not in the change's own transaction: a database
 * failing at that instant loses the entry (it is logged as an error instead). Recording inside
 * each writer's transaction is the next step (docs/design/staff-and-courses.md).
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { adminLoginPath } from '../../contract/admin.ts';
import { logoutPath } from '../../contract/sessions.ts';
import type { Db } from '../db/connection.ts';
import { beforeLookups, type BeforeLookup, type Named } from './audit-before.ts';
import { auditChanges } from './audit-changes.ts';
import { auditDiff } from './audit-diff.ts';
import { insertAuditEntry, type NewAuditEntry } from './audit-queries.ts';

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

export function createAuditRecorder(db: Db) {
  /** Each update's target as it was before the call (read by the route's preHandler). */
  const befores = new WeakMap<FastifyRequest, Record<string, unknown>>();
  /** Every action the log records, for the page's action filter. */
  const actions = new Set<string>(['staff.sign-in', 'staff.sign-in-refused', 'staff.sign-out']);

  async function write(request: FastifyRequest, entry: NewAuditEntry) {
    try {
      await insertAuditEntry(db, entry);
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
   * A call that gives an instruction (`compare: 'stored'`): the target read again now that the
   * call succeeded, compared with the reading before it; the input's own fields are kept beside,
   * but for those the reading covers (told by the comparison alone, or not at all if unchanged).
   */
  async function storedChanges(
    request: FastifyRequest,
    before: Record<string, unknown>,
    lookup: BeforeLookup,
  ): Promise<Record<string, unknown>> {
    const input = auditChanges(request.body);
    let after: Record<string, unknown> | undefined;
    try {
      after = await lookup.read(db, namedIn(request));
    } catch (error) {
      request.log.error({ err: error }, 'audit: the target could not be read after the call');
    }
    if (!after) return input;
    const reading = after;
    const kept = Object.entries(input).filter(([field]) => !Object.hasOwn(reading, field));
    return { ...Object.fromEntries(kept), ...auditDiff(before, reading, lookup) };
  }

  const staffWrite: Hook = async (request, reply) => {
    if (reply.statusCode >= 400 || !request.actor) return;
    const call = callOf(request);
    const before = befores.get(request);
    const lookup = beforeLookups[call];
    let changes: Record<string, unknown>;
    if (!before || !lookup) changes = auditChanges(request.body);
    else if (lookup.compare === 'stored') changes = await storedChanges(request, before, lookup);
    else changes = auditDiff(before, request.body, lookup);
    await write(request, {
      actorId: request.actor.id,
      actorEmail: request.actor.email,
      address: request.ip,
      action: String(request.routeOptions.config.action ?? ''),
      call,
      outcome: reply.statusCode,
      ...targetOf(request),
      changes,
    });
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
      changes: {},
    });
  };

  /** Gives the route its recording hook, if it is one the log follows. */
  function attach(route: RouteOptions): void {
    const methods = [route.method].flat();
    let hook: Hook | undefined;
    if (route.config?.action !== undefined && !methods.every((m) => m === 'GET' || m === 'HEAD')) {
      hook = staffWrite;
      actions.add(String(route.config.action));
      const lookups = methods.flatMap((m) => beforeLookups[`${m} ${route.url}`] ?? []);
      const [lookup] = lookups;
      if (lookup) route.preHandler = [...[route.preHandler ?? []].flat(), readBefore(lookup)];
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
