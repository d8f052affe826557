/**
 * Access rules of a sitting (issue 32 item 4): a challenge's own sitting or an exam's. Each rule
 * is optional and they add up: allowed networks (CIDR ranges, checked against the client address
 * as TRUST_PROXY resolves it), a sitting password given out in the room (typed once per sitting
 * attempt, throttled like sign-in), and Safe Exam Browser (every request carries
 * X-SafeExamBrowser-ConfigKeyHash = hex SHA-256 of the absolute URL it was sent to, without its
 * fragment, followed by the Config Key, as SEB's developer documentation computes it).
 *
 * A refusal names its rule: each has its own message below, and the pages tell "the password is
 * needed" (or was wrong) from every other refusal by `isPasswordRefusal`, to show the prompt.
 */
import { z } from 'zod';

export const accessMessages = {
  // What a refused student reads (403; the password's throttle answers 429 with sign-in's text).
  networkRefused: 'This test can only be taken from the exam room’s network.',
  passwordNeeded: 'Enter the sitting password the proctor gave out.',
  passwordWrong: 'That is not the sitting password. Check it with the proctor and try again.',
  sebRequired: 'This test must be taken in Safe Exam Browser.',
  sebWrongConfig:
    'Safe Exam Browser is not using this test’s configuration. Open the test with the configuration file the proctor gave out.',
  // The staff's dialog and its validation.
  action: 'Access rules',
  actionLabel: 'Access rules of {name}',
  title: 'Access rules: {name}',
  intro:
    'Each rule is optional. A student must pass every rule that is set, on every call of the test.',
  networksLabel: 'Allowed networks',
  networksHint:
    'One CIDR range per line, IPv4 or IPv6 (192.168.10.0/24, 2001:db8:5::/48). Empty: any network.',
  passwordLabel: 'Sitting password',
  passwordHint:
    'Given out in the room; each student types it once per attempt. It is stored hashed and never shown again.',
  passwordIsSet: 'A sitting password is set.',
  passwordNotSet: 'No sitting password.',
  passwordChoiceLabel: 'Password change',
  passwordKeep: 'Keep it',
  passwordChange: 'Set a new one',
  passwordClear: 'Remove it',
  passwordSetNew: 'Set one',
  passwordNone: 'None',
  newPasswordLabel: 'New sitting password',
  sebLabel: 'Safe Exam Browser Config Key',
  sebHint:
    'The 64 hexadecimal characters SEB shows for the exam’s configuration (with “Use Browser & Config Keys” on). Empty: any browser.',
  save: 'Save rules',
  cancel: 'Cancel',
  saved: 'Access rules of {name} saved.',
  loading: 'Reading the access rules…',
  invalidNetwork:
    '“{value}” is not a network range. Write one per line, as 192.168.10.0/24 or 2001:db8::/48.',
  tooManyNetworks: 'Give at most 100 network ranges.',
  invalidConfigKey:
    'The Config Key is the 64 hexadecimal characters (0-9, a-f) SEB shows for the configuration.',
  passwordTooShort: 'A sitting password has 4 to 100 characters.',
  invalidRules: 'Give the networks, the password choice and the Config Key.',
  // The student's prompt.
  promptTitle: 'Sitting password',
  promptLabel: 'Sitting password',
  promptSubmit: 'Continue',
  promptChecking: 'Checking…',
} as const;

/** The request header that carries the typed sitting password, URI-encoded (any characters). */
export const SITTING_PASSWORD_HEADER = 'x-sitting-password';
/** Safe Exam Browser's header (lower case, as Node names headers). */
export const SEB_CONFIG_KEY_HASH_HEADER = 'x-safeexambrowser-configkeyhash';

/** The refusals after which the page asks for the sitting password. */
export const isPasswordRefusal = (message: string): boolean =>
  message === accessMessages.passwordNeeded || message === accessMessages.passwordWrong;

export const MAX_NETWORKS = 100;

/** An IPv4 or IPv6 range, or a single address (read as /32 or /128). */
const networkSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const ok = [z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()].some((s) => s.safeParse(value).success);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        message: accessMessages.invalidNetwork.replace('{value}', value.slice(0, 60)),
      });
  });

export const configKeySchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/u, { error: accessMessages.invalidConfigKey })
  .transform((v) => v.toLowerCase());

/** The password's change in a PUT: keep the stored one, set a new one, or remove it. */
export const passwordChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('keep') }),
    z.object({ action: z.literal('clear') }),
    z.object({
      action: z.literal('set'),
      value: z
        .string({ error: accessMessages.passwordTooShort })
        .trim()
        .min(4, { error: accessMessages.passwordTooShort })
        .max(100, { error: accessMessages.passwordTooShort }),
    }),
  ],
  { error: accessMessages.invalidRules },
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** PUT body: the whole set of rules; empty networks and a null key switch those rules off. */
export const accessRulesRequestSchema = z.object(
  {
    networks: z
      .array(networkSchema, { error: accessMessages.invalidRules })
      .max(MAX_NETWORKS, { error: accessMessages.tooManyNetworks }),
    password: passwordChangeSchema,
    sebConfigKey: z.union([configKeySchema, z.null()], { error: accessMessages.invalidConfigKey }),
  },
  { error: accessMessages.invalidRules },
);
export type AccessRulesRequest = z.input<typeof accessRulesRequestSchema>;

/** What staff read: never the password nor its hash, only whether one is set. */
export const accessRulesViewSchema = z.object({
  networks: z.array(z.string()),
  passwordSet: z.boolean(),
  sebConfigKey: z.string().nullable(),
});
export type AccessRulesView = z.infer<typeof accessRulesViewSchema>;

/**
 * The rules as stored on the sitting (`sittings.access_rules`, jsonb; null: no rules). Networks
 * are normalised ranges; the password is its hash (sittings/access/sitting-password.ts) with an
 * id that changes with every new password, so a student admitted by an old one is asked again.
 */
export const storedAccessRulesSchema = z.object({
  networks: z.array(z.string()).default([]),
  password: z.object({ id: z.string(), hash: z.string() }).nullable().default(null),
  sebConfigKey: z.string().nullable().default(null),
});
export type StoredAccessRules = z.infer<typeof storedAccessRulesSchema>;

export const challengeAccessRulesRoute = '/api/admin/challenges/:challengeId/access-rules';
export const examAccessRulesRoute = '/api/admin/exams/:examCode/access-rules';
export const challengeAccessRulesPath = (challengeId: string) =>
  `/api/admin/challenges/${encodeURIComponent(challengeId)}/access-rules`;
export const examAccessRulesPath = (examCode: string) =>
  `/api/admin/exams/${encodeURIComponent(examCode)}/access-rules`;
