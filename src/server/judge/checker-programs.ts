/**
 * Teachers' checker programs (issue 14 item 2): compiled once, kept compiled, and run after each
 * test in a box of their own with the Kattis output validator interface:
 * `checker <input> <judge_answer> <feedback_dir>`, the program's output on stdin.
 *
 * A checker is compiled in a box like any submission, then kept under `<workDir>/checkers/<hash of
 * language and source>`, owned by root and read-only to boxes, so the next submissions, the other
 * judge processes on this machine and a restarted server all reuse it. A source that does not
 * compile is remembered too (the same source fails the same way); a judge fault is not. C and C++
 * checkers are compiled with the judge's validate.h on their include path (validator-headers.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkerWallLimitMs, perTestCpuLimitMs } from '../../contract/judge-cost.ts';
import { messages } from '../../contract/messages.ts';
import { makeOwnedFolder } from '../storage/owned-folders.ts';
import type { JudgeLanguage, Verdict } from '../../contract/verdicts.ts';
import { checkerOutcome, JUDGE_MESSAGE_CHARS, type CheckerOutcome } from './checker-outcome.ts';
import type { JudgeConfig } from './config.ts';
import { LANGUAGES, type LanguageSpec, type SourcePlan } from './languages.ts';
import { CODE_DIR_IN_BOX, type BoxOptions, type BoxPipe, type BoxRunResult } from './sandbox.ts';
import {
  takesValidatorHeaders,
  validatorHeadersDir,
  validatorHeadersHash,
} from './validator-headers.ts';

export interface CompiledChecker {
  lang: LanguageSpec;
  /** Host folder holding the compiled checker, bound read-only at /code in its boxes. */
  dir: string;
  plan: SourcePlan;
  /**
   * The challenge's extra arguments, after `input judge_answer feedback_dir/` (Kattis's
   * validator_flags, DOMjudge's special_compare_args): one judging's, never part of the cache.
   */
  args?: readonly string[];
}

/** One test as a checker sees it. */
export interface CheckedTest {
  /** The test's input, as text or as a host file (big test data). */
  input: string | { file: string };
  answer: string;
  /** What the student's program printed ('' for an interactor: it reads the program live). */
  output: string;
}

/** A checker run as the interactor of an interactive problem (interactive.ts). */
export interface InteractorRun {
  /** Its stdin is the submission's stdout, its stdout the submission's stdin. */
  pipe: BoxPipe;
  signal: AbortSignal;
  /** Its wall-clock limit: it waits on the submission for the submission's whole run. */
  wallMs: number;
  /** Called when its box is over, before its feedback is read. */
  ended(run: BoxRunResult): void;
}

type Compile = (
  language: JudgeLanguage,
  source: string,
  adopt: (dir: string) => void,
  /** A host folder of headers the compiler searches too (C and C++). */
  includeDir?: string,
) => Promise<{ ok: true } | { verdict: Verdict; output: string }>;

/** Marks a finished compile inside its folder: a folder without it is a leftover of a crash. */
const READY = '.ready';

export class CheckerPrograms {
  private readonly compiled = new Map<string, Promise<CompiledChecker | { error: string }>>();
  private readonly root: string;

  constructor(
    private readonly config: JudgeConfig,
    private readonly compile: Compile,
  ) {
    this.root = path.join(config.workDir, 'checkers');
  }

  /** The compiled checker, or why there is none. */
  get(language: JudgeLanguage, source: string): Promise<CompiledChecker | { error: string }> {
    const headers = takesValidatorHeaders(language) ? `\0${validatorHeadersHash()}` : '';
    const key = createHash('sha256').update(`${language}\0${source}${headers}`).digest('hex');
    let found = this.compiled.get(key);
    if (!found) {
      found = this.build(language, source, key);
      this.compiled.set(key, found);
      // A judge fault (no launcher, no uid) may pass: only a compile error stays remembered.
      found.then(
        (r) => {
          if ('error' in r && !r.error.startsWith(messages.checkerDoesNotCompile)) this.forget(key);
        },
        () => this.forget(key),
      );
    }
    return found;
  }

  private forget(key: string): void {
    this.compiled.delete(key);
  }

  private async build(
    language: JudgeLanguage,
    source: string,
    key: string,
  ): Promise<CompiledChecker | { error: string }> {
    const lang = LANGUAGES[language];
    const dir = path.join(this.root, key);
    const checker = { lang, dir, plan: lang.plan(source) };
    if (fs.existsSync(path.join(dir, READY))) return checker;
    fs.mkdirSync(this.root, { recursive: true });
    fs.chmodSync(this.root, 0o711); // boxes pass through (the process's umask is 077)
    const result = await this.compile(
      language,
      source,
      (compiledDir) => this.keep(compiledDir, dir),
      takesValidatorHeaders(language) ? validatorHeadersDir(this.root) : undefined,
    );
    if ('ok' in result) return checker;
    return result.verdict === 'Compilation Error'
      ? { error: `${messages.checkerDoesNotCompile}\n${result.output}` }
      : { error: `the checker program could not be compiled: ${result.output}` };
  }

  /**
   * Makes a compiled folder root's and readable by every box, then puts it in its place. Another
   * process may have put the same checker there first: then that one is kept.
   */
  private keep(compiledDir: string, dir: string): void {
    const root = process.getuid?.() === 0;
    const walk = (p: string) => {
      const st = fs.lstatSync(p);
      if (st.isSymbolicLink()) return fs.rmSync(p);
      if (root) fs.chownSync(p, 0, 0);
      // Read for all, and search/execute where the compiler gave it (a binary, a folder).
      fs.chmodSync(p, st.isDirectory() ? 0o755 : st.mode & 0o111 ? 0o755 : 0o644);
      if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    };
    walk(compiledDir);
    fs.writeFileSync(path.join(compiledDir, READY), '', { mode: 0o644 });
    try {
      fs.renameSync(compiledDir, dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      if (!fs.existsSync(path.join(dir, READY))) {
        // A crashed compile's leftover: replaced by this one.
        fs.rmSync(dir, { recursive: true, force: true });
        fs.renameSync(compiledDir, dir);
      }
    }
  }
}

type CheckerBox = (o: BoxOptions) => Promise<BoxRunResult>;

/** What a file of the feedback folder holds, or undefined when the checker did not write it. */
function feedbackFile(dir: string, name: string): string | undefined {
  const file = path.join(dir, name);
  try {
    if (!fs.lstatSync(file).isFile()) return undefined;
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const buffer = Buffer.alloc(JUDGE_MESSAGE_CHARS * 4);
      const n = fs.readSync(fd, buffer, 0, buffer.length, 0);
      return buffer.subarray(0, n).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * Runs the checker on one output. Its test files are a root-owned folder bound read-only at
 * /judge, its feedback folder the only place it may write besides its own /tmp. Its limits are
 * its own (JudgeConfig's checker*): a checker that runs into them is the judge's error.
 */
export async function runChecker(
  checker: CompiledChecker,
  test: CheckedTest,
  uid: number | null,
  config: Pick<
    JudgeConfig,
    'sandbox' | 'workDir' | 'checkerTimeLimitMs' | 'checkerMemoryMb' | 'checkerProcesses'
  >,
  box: CheckerBox,
  interactor?: InteractorRun,
): Promise<CheckerOutcome> {
  const { sandbox, workDir } = config;
  const dir = makeOwnedFolder(workDir, 'check');
  try {
    const files = path.join(dir, 'judge');
    const feedback = path.join(dir, 'feedback');
    // Modes set by chmod: the process's umask (077) applies to mkdir and writeFile.
    fs.mkdirSync(files);
    fs.chmodSync(files, 0o755);
    if (typeof test.input === 'string') fs.writeFileSync(path.join(files, 'input'), test.input);
    else fs.copyFileSync(test.input.file, path.join(files, 'input'));
    fs.chmodSync(path.join(files, 'input'), 0o644);
    fs.writeFileSync(path.join(files, 'answer'), test.answer);
    fs.chmodSync(path.join(files, 'answer'), 0o644);
    fs.mkdirSync(feedback, { mode: 0o700 });
    fs.chmodSync(dir, 0o711);
    if (uid !== null && process.getuid?.() === 0) fs.chownSync(feedback, uid, uid);
    const inBox = sandbox === 'bwrap';
    const judgeDir = inBox ? '/judge' : files;
    const feedbackDir = inBox ? '/feedback' : feedback;
    const { lang } = checker;
    const argv = [
      ...lang.run({
        codeDir: inBox ? CODE_DIR_IN_BOX : checker.dir,
        memoryLimitMb: config.checkerMemoryMb,
        sourceFile: checker.plan.sourceFile,
        entry: checker.plan.entry,
      }),
      `${judgeDir}/input`,
      `${judgeDir}/answer`,
      `${feedbackDir}/`,
      ...(checker.args ?? []),
    ];
    const limits = {
      cpuMs: perTestCpuLimitMs(lang.id, config.checkerTimeLimitMs),
      wallMs: checkerWallLimitMs(lang.id, config.checkerTimeLimitMs),
      memoryMb: config.checkerMemoryMb,
    };
    if (interactor) limits.wallMs = interactor.wallMs;
    const run = await box({
      argv,
      stdin: test.output,
      ...(interactor ? { pipe: interactor.pipe, signal: interactor.signal } : {}),
      ...limits,
      memoryMb: limits.memoryMb + lang.runtimeOverheadMb,
      pids: config.checkerProcesses,
      writable: false,
      usr: lang.runNeedsUsr,
      binds: inBox
        ? [
            { host: files, box: '/judge', writable: false },
            { host: feedback, box: '/feedback', writable: true },
          ]
        : [],
    });
    interactor?.ended(run);
    return checkerOutcome(
      run,
      {
        score: feedbackFile(feedback, 'score.txt'),
        judgeMessage: feedbackFile(feedback, 'judgemessage.txt'),
      },
      { ...limits, processes: config.checkerProcesses },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
