/**
 * A sitting's access rules read and written for staff (contract/access-rules.ts): the stored form
 * keeps the password only as its hash, with an id that changes with every new password; the view
 * says only whether one is set.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  storedAccessRulesSchema,
  type AccessRulesView,
  type PasswordChange,
  type StoredAccessRules,
} from '../../../contract/access-rules.ts';
import type { Db } from '../../db/connection.ts';
import { sittings } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { normaliseNetwork } from './networks.ts';
import { hashSittingPassword } from './sitting-password.ts';
import { accessMessages } from '../../../contract/access-rules.ts';

export function viewOf(rules: StoredAccessRules | null): AccessRulesView {
  const stored = storedAccessRulesSchema.parse(rules ?? {});
  return {
    networks: stored.networks,
    passwordSet: stored.password !== null,
    sebConfigKey: stored.sebConfigKey,
  };
}

/** The ranges normalised and without repeats; one the server cannot read is refused (400). */
export function normaliseNetworks(networks: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of networks) {
    const network = normaliseNetwork(text);
    if (network === undefined)
      throw new HttpError(400, accessMessages.invalidNetwork.replace('{value}', text.slice(0, 60)));
    if (!out.includes(network)) out.push(network);
  }
  return out;
}

/** The rules after a PUT: null when none is set (the sitting then costs no check at all). */
export async function nextRules(
  current: StoredAccessRules | null,
  change: { networks: string[]; password: PasswordChange; sebConfigKey: string | null },
): Promise<StoredAccessRules | null> {
  const before = storedAccessRulesSchema.parse(current ?? {});
  const password =
    change.password.action === 'keep'
      ? before.password
      : change.password.action === 'clear'
        ? null
        : { id: crypto.randomUUID(), hash: await hashSittingPassword(change.password.value) };
  const rules: StoredAccessRules = {
    networks: normaliseNetworks(change.networks),
    password,
    sebConfigKey: change.sebConfigKey,
  };
  const none = rules.networks.length === 0 && password === null && rules.sebConfigKey === null;
  return none ? null : rules;
}

export async function readRules(db: Db, sittingId: string): Promise<StoredAccessRules | null> {
  const [row] = await db
    .select({ accessRules: sittings.accessRules })
    .from(sittings)
    .where(eq(sittings.id, sittingId));
  return row?.accessRules ?? null;
}

export async function writeRules(
  db: Db,
  sittingId: string,
  rules: StoredAccessRules | null,
): Promise<void> {
  await db.update(sittings).set({ accessRules: rules }).where(eq(sittings.id, sittingId));
}
