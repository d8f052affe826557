/**
 * Every environment variable the portal reads, documented once (issue 36 item 7): the
 * configuration table of docs/operations.md is written from this list by
 * `npm run docs:config`, and tests/docs/config-table.test.ts fails when the table and this list
 * differ, or when a variable read by the server (config.ts's schema, or read from `env` anywhere in
 * src/server) has no entry here. Defaults and meanings are Markdown, as the table shows them.
 */
export type ConfigEntry = {
  /** One variable, or several documented together (the first names the row). */
  names: readonly string[];
  default: string;
  meaning: string;
};

export const configReference: readonly ConfigEntry[] = [
  {
    names: ['PORT'],
    default: '`3000`',
    meaning: 'port of the web app and API',
  },
  {
    names: ['HOST'],
    default: '`0.0.0.0`',
    meaning: 'address to listen on',
  },
  {
    names: ['PUBLIC_URL'],
    default: '`http://localhost:PORT`',
    meaning: 'the address students use; links in e-mails are built from it',
  },
  {
    names: ['DATA_DIR'],
    default: '`./data`',
    meaning: 'embedded database, generated secrets, mail outbox',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset: PGlite in `DATA_DIR`',
    meaning: 'PostgreSQL URL, e.g. `postgres://user@host:5432/portal`',
  },
  {
    names: ['JWT_SECRET'],
    default: 'generated once into `DATA_DIR/jwt-secret`',
    meaning:
      'signs session tokens; set it (≥ 32 chars) when several server processes share one database',
  },
  {
    names: ['SESSION_TTL_HOURS'],
    default: '`12`',
    meaning: 'how long a login lasts',
  },
  {
    names: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    default:
      "unset: `admin@localhost` with a generated password shown once on the first start's terminal",
    meaning:
      'the first administrator, created only while no administrator exists; sign in at `/admin`',
  },
  {
    names: ['SMTP_URL'],
    default:
      'unset: each message is written as an `.eml` file into `DATA_DIR/outbox` (its file name is logged, never its link)',
    meaning: 'SMTP server for password-reset mail, e.g. `smtp://user:pass@mail.college.edu:587`',
  },
  {
    names: ['MAIL_FROM'],
    default: '`"Campus Coding Assessment Portal" <no-reply@host of PUBLIC_URL>`',
    meaning: 'sender of the mail',
  },
  {
    names: ['SMTP_IGNORE_TLS'],
    default: '`false`',
    meaning: '`true`: never upgrade with STARTTLS',
  },
  {
    names: ['SMTP_REQUIRE_TLS'],
    default: '`false`',
    meaning: '`true`: refuse to send unless STARTTLS succeeds',
  },
  {
    names: ['SMTP_TLS_REJECT_UNAUTHORIZED'],
    default: '`true`',
    meaning: '`false` accepts a self-signed mail-server certificate',
  },
  {
    names: ['MAIL_SEND_ATTEMPTS'],
    default: '`4`',
    meaning: 'tries per message before giving up (logged, never shown to the student)',
  },
  {
    names: ['MAIL_RETRY_DELAY_SECONDS'],
    default: '`2`',
    meaning: 'wait before the first retry, doubled each time',
  },
  {
    names: ['AUDIT_RETENTION_DAYS'],
    default: '`1095`',
    meaning: 'days the audit log keeps an entry (at least 30)',
  },
  {
    names: ['RESET_TOKEN_TTL_MINUTES'],
    default: '`30`',
    meaning: 'how long a reset link works',
  },
  {
    names: ['RESET_MAX_REQUESTS_PER_EMAIL'],
    default: '`5`',
    meaning: 'reset requests per address per window before `429`',
  },
  {
    names: ['RESET_MAX_REQUESTS_PER_IP'],
    default: '`100`',
    meaning: 'reset requests per client address per window',
  },
  {
    names: ['RESET_REQUEST_WINDOW_MINUTES'],
    default: '`15`',
    meaning: 'length of the reset-request window',
  },
  {
    names: ['STUDENT_SIGNUP'],
    default: '`open`',
    meaning:
      'who may sign up: `open` (the spec: a new email gets an account at once), `roster` (only uploaded emails), `verify` (every new account confirms its email by a mailed link first); an uploaded student is always activated by a mailed link (see Security notes)',
  },
  {
    names: ['OIDC_ISSUER'],
    default: 'unset',
    meaning:
      "campus single sign-on: the OpenID provider's issuer URL (discovery at `/.well-known/openid-configuration`); set with the next two, or none of them (see Campus single sign-on)",
  },
  {
    names: ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    default: 'unset',
    meaning: "the portal's registration at the provider",
  },
  {
    names: ['OIDC_ALLOWED_DOMAINS'],
    default: 'unset (any)',
    meaning:
      'email domains (comma-separated) whose new students may sign up by single sign-on; also the domains trusted when the provider sends no `email_verified` (Entra ID)',
  },
  {
    names: ['OIDC_ADMIN_EMAILS'],
    default: 'unset',
    meaning: 'emails (comma-separated) that sign in to `/admin` by single sign-on',
  },
  {
    names: ['OIDC_ADMIN_GROUP'],
    default: 'unset',
    meaning: "a value of the ID token's `groups` claim that makes an administrator (an owner)",
  },
  {
    names: ['OIDC_TEACHER_GROUP'],
    default: 'unset',
    meaning: 'a `groups` value that makes a new staff account a teacher',
  },
  {
    names: ['OIDC_ASSISTANT_GROUP'],
    default: 'unset',
    meaning: 'a `groups` value that makes a new staff account an assistant',
  },
  {
    names: ['OIDC_BUTTON_LABEL'],
    default: '`campus account`',
    meaning: 'the button reads "Sign in with <label>"',
  },
  {
    names: ['COMPILER_URL_TEMPLATE'],
    default: '`/compiler/{challengeId}?appKey={appKey}#token={token}` (the built-in page)',
    meaning:
      'the compiler page embedded in the test screen; `{challengeId}`, `{appKey}` and `{token}` are filled in, URL-encoded; put `{token}` after `#`, as the default does: never sent to a server',
  },
  {
    names: ['COMPILER_APP_KEY'],
    default: 'generated once into `DATA_DIR/compiler-app-key`',
    meaning: 'the application key the compiler page sends (`x-app-key` header or `appKey` query)',
  },
  {
    names: ['SUBMISSION_GRACE_SECONDS'],
    default: '`30`',
    meaning: 'a submission reaching the server this long after the deadline is still judged',
  },
  {
    names: ['SUBMISSION_OFFLINE_ALLOWANCE_SECONDS'],
    default: '`300`',
    meaning:
      'a submission the page queued offline before the deadline is still judged when it arrives up to this long after it',
  },
  {
    names: ['JUDGE_CONCURRENCY'],
    default: 'number of cores',
    meaning: 'parallel judge runs',
  },
  {
    names: ['JUDGE_QUEUE_LIMIT'],
    default: '`1000`',
    meaning: 'waiting submissions before Submit answers `503` with `Retry-After`',
  },
  {
    names: ['JUDGE_NICE'],
    default: '`10`',
    meaning:
      "nice value of the judge's boxes (0-19): the server comes first on shared cores; time a box waits for a core is not charged to its limits",
  },
  {
    names: ['CHECKER_TIME_LIMIT_SECONDS'],
    default: '`2`',
    meaning:
      "CPU time of a checker program per test (its runtime's start-up allowance on top; stopped by the clock half a second later): one that runs into it is a judge error",
  },
  {
    names: ['CHECKER_MEMORY_MB'],
    default: '`512`',
    meaning: "memory of a checker program's box (its runtime's overhead on top)",
  },
  {
    names: ['CHECKER_PROCESSES'],
    default: '`32`',
    meaning:
      "processes and threads of a checker program's box (a JVM starts about 20; programs get 64)",
  },
  {
    names: ['JUDGE_SANDBOX'],
    default: '`bwrap`',
    meaning: '`none` runs student code unsandboxed: development only, with a loud warning',
  },
  {
    names: ['JUDGE_ALLOW_DEGRADED'],
    default: '`0`',
    meaning: '`1` lets the judge run without cgroups (weaker memory and process limits)',
  },
  {
    names: ['JUDGE_UID_BASE'],
    default: '`61000`',
    meaning: 'first of the 256 unprivileged uids the sandbox boxes run as',
  },
  {
    names: ['JUDGE_WORK_DIR'],
    default: '`$TMPDIR/campus-judge`',
    meaning: 'where submissions are compiled on the host',
  },
  {
    names: ['JUDGE_KEEP_OUTPUT'],
    default: '`all`',
    meaning:
      "the tests whose output (the first 64 KB of stdout and of stderr) is kept for staff's submissions dialog: `all`, `failed` (tests not Accepted) or `none` (Keeping programs' output)",
  },
  {
    names: ['TEST_DATA_MAX_MB'],
    default: '`64`',
    meaning:
      "the largest test file (a test's input or expected output loaded from a file, or a package's)",
  },
  {
    names: ['CHALLENGE_DATA_MAX_MB'],
    default: '`256`',
    meaning: "all of one challenge's tests together, text and files",
  },
  {
    names: ['JUDGE_CGROUP_PARENT'],
    default: 'unset',
    meaning: 'a delegated cgroup v2 folder, on machines with cgroup v2 controllers',
  },
  {
    names: ['JUDGE_IN_PROCESS'],
    default: '`true`',
    meaning:
      'the server judges in its own process; `false` when separate `npm run worker` processes judge (Scaling out)',
  },
  {
    names: ['JUDGE_LEASE_MARGIN_SECONDS'],
    default: '`30`',
    meaning:
      "added to a submission's worst case to make its job's lease: a worker that dies mid-run leaves its job to another after that",
  },
  {
    names: ['JUDGE_LEASE_CHECK_SECONDS'],
    default: '`10`',
    meaning: 'how often expired leases are looked for',
  },
  {
    names: ['JUDGE_POLL_SECONDS'],
    default: '`1`',
    meaning:
      'how often an idle worker asks the queue for work (it is also woken when work is queued)',
  },
  {
    names: ['JUDGE_RETRY_LIMIT'],
    default: '`2`',
    meaning:
      "tries after the first when the judge itself fails on a submission (never for the student's own errors)",
  },
  {
    names: ['JUDGE_STOP_TIMEOUT_SECONDS'],
    default: '`30`',
    meaning:
      'on `SIGTERM`, how long running jobs may finish before they are handed back to the queue',
  },
  {
    names: ['JUDGE_HEARTBEAT_SECONDS'],
    default: '`10`',
    meaning:
      "how often each judging process refreshes its heartbeat, which the administrator's judge status reads",
  },
  {
    names: ['JUDGE_READINESS_CHECK_SECONDS'],
    default: '`60`',
    meaning:
      "how often the judge's readiness is probed again (packages, root, cgroups, and a test program run through the sandbox); a change is logged and `/api/health` follows it",
  },
  {
    names: ['TZ'],
    default: '`UTC`',
    meaning:
      'time zone (IANA name, e.g. `Europe/Berlin`) in which challenge dates and times are read',
  },
  {
    names: ['REDIS_URL'],
    default: 'unset',
    meaning: 'optional shared store for several processes (later release)',
  },
  {
    names: ['LOG_LEVEL'],
    default: '`info`',
    meaning: '`fatal` … `trace`, or `silent`',
  },
  {
    names: ['TRUST_PROXY'],
    default: '`false`',
    meaning:
      "`true` behind a reverse proxy that overwrites `X-Forwarded-For` (never with a server clients can also reach directly); or the proxies' addresses and ranges, e.g. `10.0.0.0/8,127.0.0.1`: the header is read only from them",
  },
  {
    names: ['LOGIN_MAX_FAILURES_PER_ACCOUNT'],
    default: '`10`',
    meaning:
      'failed logins on one account from one address before that address waits (5 s, then twice as long after each failure); once the account has as many from everywhere, every address that failed on it twice waits too; an address that has not been failing is never refused',
  },
  {
    names: ['LOGIN_MAX_FAILURES_PER_IP'],
    default: '`300`',
    meaning:
      'failed logins from one address, on any accounts, before it waits (high: a lab often shares one address)',
  },
  {
    names: ['LOGIN_FAILURE_WINDOW_MINUTES'],
    default: '`15`',
    meaning: 'failures are forgotten this long after the last one; the longest wait',
  },
  {
    names: ['LOGIN_UNKNOWN_FAILURES_PER_HOUR'],
    default: '`20`',
    meaning:
      "failed logins per account per hour from browsers and addresses that never signed in to it; once spent, those wait for the next hour (`429`), and a browser with the account's device cookie is never held back; `0` turns it off",
  },
  {
    names: ['SIGN_IN_WAIT_SECONDS'],
    default: '`8`',
    meaning:
      'longest a log-in, sign-up, activation or reset may take from its arrival, waiting included, before it is answered `503` with `Retry-After` at once (the page gives up after 10 s; it waits out `Retry-After` and tries once more by itself); judged from the sign-ins completed per second in the current burst (until 3 s of it are measured, from what the cores can hash); password checks are served in arrival order, one per core',
  },
  {
    names: ['STATIC_DIR'],
    default: '`./dist`',
    meaning: 'the built web app',
  },
  {
    names: ['NODE_ENV'],
    default: '`production`',
    meaning: "`development` or `test` only for the project's own scripts and tests; leave it unset",
  },
];
