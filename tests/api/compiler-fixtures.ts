/**
 * Shared by the compiler API tests: a challenge with a visible sample and a weighted hidden test
 * whose data is distinctive (so a leak is easy to spot), solutions per language, and a student
 * signed in with a compiler token and the application key.
 */
import type { ChallengeInput } from '../../src/contract/challenges.ts';
import type { GetTokenResponse } from '../../src/contract/compiler.ts';
import type { JudgeLanguage } from '../../src/contract/verdicts.ts';
import { adminToken, bearer, call, signUpStudent, type TestServer } from './harness.ts';

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
};
