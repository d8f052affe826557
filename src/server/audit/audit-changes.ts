/**
 * What an audit entry keeps of a call's input (issue 33): the fields it set, with their values,
 * except what must never be kept: anything that is or opens a secret (passwords, tokens, hashes,
 * keys) is replaced by a mark, and test data by its SHA-256 and size, so the log can show that
 * the tests changed without holding them. Long texts keep their start and their hash.
 */
import crypto from 'node:crypto';
import { auditMessages } from '../../contract/audit.ts';

const SECRET_KEY = /pass(word)?|token|secret|hash|key|otp|credential/i;

/** A field whose value is or opens a secret: the log says it was set, never to what. */
export const isSecretField = (key: string): boolean => SECRET_KEY.test(key);
const TEST_DATA_KEY = /^(testCases|tests|input|output|expectedOutput|checkerSource|data)$/;
const LONG_TEXT = 200;
const MAX_DEPTH = 4;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function keep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length <= LONG_TEXT
      ? value
      : { start: value.slice(0, LONG_TEXT), length: value.length, sha256: sha256(value) };
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return { sha256: sha256(JSON.stringify(value)) };
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => keep(item, depth + 1));
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) kept[key] = auditMessages.notRecorded;
    else if (TEST_DATA_KEY.test(key)) {
      const text = JSON.stringify(item ?? null);
      kept[key] = { sha256: sha256(text), bytes: Buffer.byteLength(text) };
    } else kept[key] = keep(item, depth + 1);
  }
  return kept;
}

/**
 * One field as the log keeps it: the same rules as a whole input (a secret field marked, test
 * data by hash), so a stored value and a new one are kept alike and can be compared.
 */
export function keepField(key: string, value: unknown): unknown {
  return (keep({ [key]: value }, 0) as Record<string, unknown>)[key];
}

/** The input's fields as the log keeps them (an object; {} for no input or an upload). */
export function auditChanges(input: unknown): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return {};
  return keep(input, 0) as Record<string, unknown>;
}
