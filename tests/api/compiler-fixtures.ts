/**
 * Shared by the compiler API tests: a challenge with a visible sample and a weighted hidden test
 * whose data is distinctive (so a leak is easy to spot), solutions per language, and a student
 * signed in with a compiler token and the application key.
 */
import type { ChallengeInput } from '../../src/contract/challenges.ts';
import type {
  GetTokenResponse,
  SubmissionState,
  SubmitRequest,
} from '../../src/contract/compiler.ts';
import type { JudgeLanguage } from '../../src/contract/verdicts.ts';
import {
  adminToken,
  bearer,
  call,
  signUpStudent,
  type JsonResponse,
  type TestServer,
} from './harness.ts';

export const HIDDEN_INPUT = '40 2\n';
export const HIDDEN_OUTPUT = '42\n';

export const challengeInput = (
  id: string,
  overrides: Partial<ChallengeInput> = {},
): ChallengeInput => ({
  challengeName: 'Sum of two',
  challengeDesc: 'Read two integers and print their sum.',
  difficultyLev: 'easy',
  score: 100,
  startDate: '2020-01-01',
  endDate: '2099-12-31',
  timeDur: 60,
  challengeId: id,
  language: 'python',
  tags: 'math',
  starterCode: '# read two numbers\n',
  timeLimitMs: 3000,
  memoryLimitMb: 256,
  testCases: [
    { input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 },
    { input: HIDDEN_INPUT, expectedOutput: HIDDEN_OUTPUT, hidden: true, weight: 3 },
  ],
  ...overrides,
});

const adminTokens = new WeakMap<TestServer, Promise<string>>();

export async function addChallenge(server: TestServer, input: ChallengeInput): Promise<void> {
  const token = adminTokens.get(server) ?? adminToken(server);
  adminTokens.set(server, token);
  const res = await call(server, 'POST', '/api/admin/addChallenge', input, bearer(await token));
  if (res.status !== 200) throw new Error(`addChallenge failed: ${JSON.stringify(res.body)}`);
}

export type Student = {
  id: string;
  email: string;
  name: string;
  session: Record<string, string>;
  /** Headers for /api/compiler/*: the compiler token and the application key. */
  compiler: Record<string, string>;
  appKey: string;
  compilerToken: string;
};

export async function signInStudent(
  server: TestServer,
  email: string,
  challengeId: string,
): Promise<Student> {
  const s = await signUpStudent(server, email);
  const session = bearer(s.token);
  const res = await call(
    server,
    'POST',
    '/api/user/getToken',
    { email: s.email, name: s.name, challengeId },
    session,
  );
  if (res.status !== 200) throw new Error(`getToken failed: ${JSON.stringify(res.body)}`);
  const { token, url } = res.body as GetTokenResponse;
  const appKey = new URL(url ?? '', 'http://x').searchParams.get('appKey') ?? '';
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    session,
    compiler: { ...bearer(token), 'x-app-key': appKey },
    appKey,
    compilerToken: token,
  };
}

export type Solution = 'correct' | 'wrong' | 'slow' | 'crash' | 'broken';

export const solutions: Record<JudgeLanguage, Record<Solution, string>> = {
  python: {
    correct: 'a, b = map(int, input().split())\nprint(a + b)\n',
    wrong: 'a, b = map(int, input().split())\nprint(a + b if a == 1 else 0)\n',
    slow: 'while True:\n    pass\n',
    crash: 'raise SystemExit(1 // 0)\n',
    broken: 'def f(:\n',
  },
  javascript: {
    correct:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
    wrong:
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a === 1 ? a + b : 0);\n",
    slow: 'for (;;) {}\n',
    crash: 'null.x;\n',
    broken: 'function (\n',
  },
  java: {
    correct:
      'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextInt() + s.nextInt()); } }\n',
    wrong:
      'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); int x = s.nextInt(), y = s.nextInt(); System.out.println(x == 1 ? x + y : 0); } }\n',
    slow: 'public class Main { public static void main(String[] a) { long x = 0; while (true) x++; } }\n',
    crash:
      'public class Main { public static void main(String[] a) { int[] x = new int[1]; x[2] = 1; } }\n',
    broken: 'public class Main { public static void main(String[] a) { int x = } }\n',
  },
  c: {
    correct:
      '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }\n',
    wrong:
      '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a == 1 ? a + b : 0); return 0; }\n',
    slow: 'int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n',
    crash: 'int main(void) { volatile int *p = 0; *p = 1; return 0; }\n',
    broken: 'int main(void) { return x }\n',
  },
  cpp: {
    correct:
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n',
    wrong:
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << (a == 1 ? a + b : 0) << "\\n"; }\n',
    slow: 'int main() { volatile unsigned long x = 0; for (;;) x++; }\n',
    crash: '#include <stdexcept>\nint main() { throw std::runtime_error("boom"); }\n',
    broken: 'int main() { std::string s; }\n',
  },
};

/**
 * Follows a submission (Submit answers 202 and judges in the background) until the judge is
 * done with it, as the compiler page does: long polls on the result call.
 */
export async function awaitFinal(
  server: TestServer,
  who: Pick<Student, 'compiler'>,
  state: SubmissionState,
): Promise<SubmissionState> {
  let current = state;
  for (let i = 0; i < 60 && (current.status === 'queued' || current.status === 'running'); i += 1) {
    const res = await call(
      server,
      'GET',
      `/api/compiler/result/${current.submissionId}?wait=10&since=${current.status}`,
      undefined,
      who.compiler,
    );
    if (res.status !== 200) throw new Error(`result call failed: ${JSON.stringify(res.body)}`);
    current = res.body as SubmissionState;
  }
  return current;
}

/** Submits and waits for the verdict; the answer keeps Submit's own status (202, or 4xx/5xx). */
export async function submitAndWait(
  server: TestServer,
  who: Pick<Student, 'compiler'>,
  body: SubmitRequest,
): Promise<JsonResponse & { final?: SubmissionState }> {
  const res = await call(server, 'POST', '/api/compiler/submit', body, who.compiler);
  if (res.status !== 200 && res.status !== 202) return res;
  return { ...res, final: await awaitFinal(server, who, res.body as SubmissionState) };
}
