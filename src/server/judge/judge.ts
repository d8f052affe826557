/**
 * The judge engine: compiles (or syntax-checks) once, runs every test in a fresh box, classifies
 * and scores.
 * It owns the per-process resources (warm launchers, box uids, the seccomp filter) and refuses to
 * run student code when the sandbox it was asked for is not really there.
 */
import fs from 'node:fs';
import {
  checkerWallLimitMs,
  compileLimits,
  perTestCpuLimitMs,
  perTestWallLimitMs,
} from '../../contract/judge-cost.ts';
import type { CompareRule } from '../../contract/compare-rule.ts';
import { groupOf, scoringOf } from '../../contract/test-groups.ts';
import type { JudgeLanguage, Verdict } from '../../contract/verdicts.ts';
import { detectCgroups, type CgroupSupport } from './cgroup.ts';
import {
  CheckerPrograms,
  runChecker,
  type CheckedTest,
  type CompiledChecker,
} from './checker-programs.ts';
import type { CheckerOutcome } from './checker-outcome.ts';
import { failureVerdict, reportedTimeMs, testVerdict, type ClassifyLimits } from './classify.ts';
import type { JudgeConfig } from './config.ts';
import { badSourceNames, LANGUAGES, planSources, type LanguageSpec } from './languages.ts';
import { LAUNCHER_PYTHON } from './launcher.ts';
import {
  CODE_DIR_IN_BOX,
  LauncherPool,
  MAX_WALL_STRETCH,
  runInBox,
  type BoxOptions,
  type BoxRunResult,
  type BoxRunSpec,
} from './sandbox.ts';
import { seccompFilter } from './seccomp.ts';
import { overallVerdict, scoreTests } from './scoring.ts';
import { kattisStillJudged } from './kattis-grade.ts';
import { runInteractive, type InteractiveOutcome } from './interactive.ts';
import type {
  JudgeRequest,
  JudgeResult,
  RunOnceRequest,
  RunOnceResult,
  SourceFiles,
  TestDataFiles,
  TestFileRef,
  TestResult,
} from './types.ts';
import { UidPool } from './uid-pool.ts';
import { createWorkspace, ensureWorkRoot } from './workspace.ts';
import { VALIDATOR_HEADERS_IN_BOX } from './validator-headers.ts';

export interface JudgeCapabilities {
  sandbox: 'bwrap' | 'none';
  cgroups: CgroupSupport['mode'];
  /** True when student code may run: the sandbox is complete, or its gaps were accepted. */
  ready: boolean;
  /** Running with less isolation than designed (JUDGE_SANDBOX=none or no cgroups). */
  degraded: boolean;
  languages: Record<keyof typeof LANGUAGES, boolean>;
  problems: string[];
}

export class JudgeUnavailableError extends Error {
  constructor(readonly problems: string[]) {
    super(`The judge cannot run student code safely: ${problems.join('; ')}`);
    this.name = 'JudgeUnavailableError';
  }
}

/** What a run of `lang` is held to (classify.ts). */
const classifyLimits = (
  lang: LanguageSpec,
  timeLimitMs: number,
  memoryLimitMb: number,
): ClassifyLimits => ({
  timeLimitMs,
  heapExhausted: lang.heapExhausted,
  memoryLimitBytes: lang.limitsOwnHeap ? null : memoryLimitMb * 1024 * 1024,
});

let warned = false;

export class Judge {
  private readonly cgroups: CgroupSupport;
  private readonly launchers: LauncherPool;
  private readonly uids: UidPool | null;
  private readonly checkers: CheckerPrograms;
  private caps: Promise<JudgeCapabilities> | undefined;

  constructor(
    readonly config: JudgeConfig,
    /** Big test data; without it, a test that names a stored file is an Internal Error. */
    private readonly testData: TestDataFiles | null = null,
    /** Where the seccomp filter comes from (a test hands in a broken one). */
    private readonly seccomp: () => Promise<Buffer> = seccompFilter,
  ) {
    this.cgroups = detectCgroups();
    ensureWorkRoot(config.workDir);
    // Two warm boxes per worker: a box joins its cgroups ahead of its run, which takes a cgroup v1
    // RCU grace period (~25 ms), so one per worker can still be joining when the next run starts.
    this.launchers = new LauncherPool(this.cgroups, config.concurrency * 2, config.workDir);
    this.uids =
      config.sandbox === 'bwrap'
        ? new UidPool(config.workDir, config.uidBase, config.uidCount)
        : null;
    this.checkers = new CheckerPrograms(config, (language, source, adopt, includeDir) =>
      this.compileOnly(language, source, adopt, includeDir),
    );
    if (config.sandbox === 'none' && !warned) {
      warned = true;
      console.warn(
        '\n*** WARNING: JUDGE_SANDBOX=none: student code runs WITHOUT a sandbox, with the ' +
          "server's user and file access. Use this only for development, never with real students. ***\n",
      );
    }
  }

  /** What this machine offers, as last probed; /api/health reports it. */
  capabilities(): Promise<JudgeCapabilities> {
    this.caps ??= this.probe();
    return this.caps;
  }

  /**
   * Probes again: a package installed, a filter that now compiles, a binary removed. The new
   * answer replaces the old one once it is known (runs meanwhile keep the previous one).
   */
  async recheck(): Promise<JudgeCapabilities> {
    const fresh = this.probe();
    await fresh;
    this.caps = fresh;
    return fresh;
  }

  private async probe(): Promise<JudgeCapabilities> {
    const problems: string[] = [];
    const { sandbox, allowDegraded } = this.config;
    let fatal = false;
    if (!fs.existsSync(LAUNCHER_PYTHON)) {
      problems.push(`${LAUNCHER_PYTHON} is missing: the judge's launcher needs it`);
      fatal = true;
    }
    if (sandbox === 'bwrap') {
      if (!fs.existsSync('/usr/bin/bwrap')) {
        problems.push(
          '/usr/bin/bwrap is missing (node scripts/ensure-system-packages.mjs bubblewrap)',
        );
        fatal = true;
      }
      if (process.getuid?.() !== 0) {
        problems.push('the judge must run as root to give each box its own uid and cgroup');
        fatal = true;
      }
      try {
        await this.seccomp();
      } catch (err) {
        problems.push((err as Error).message);
        fatal = true;
      }
    }
    if (this.cgroups.mode === 'none')
      problems.push(
        `no usable cgroups (${this.cgroups.reason ?? 'unknown'}): no memory or process limits`,
      );
    const languages = Object.fromEntries(
      Object.values(LANGUAGES).map((l) => [l.id, l.requires.every((p) => fs.existsSync(p))]),
    ) as JudgeCapabilities['languages'];
    for (const l of Object.values(LANGUAGES))
      if (!languages[l.id])
        problems.push(
          `${l.id} is not installed${l.install ? ` (node scripts/ensure-system-packages.mjs ${l.install})` : ''}`,
        );
    const degraded = sandbox === 'none' || this.cgroups.mode === 'none';
    let ready = !fatal && (this.cgroups.mode !== 'none' || allowDegraded || sandbox === 'none');
    if (ready && languages.python) {
      const failed = await this.selfTest();
      if (failed) {
        problems.push(failed);
        ready = false;
      }
    }
    return { sandbox, cgroups: this.cgroups.mode, ready, degraded, languages, problems };
  }

  /**
   * Runs a tiny program through the whole chain (launcher, bwrap, seccomp filter, uid, limits):
   * every file can be there and still no box start (a container that forbids namespaces, a kernel
   * that refuses the filter). Null unless the box itself failed to start: a slow answer on a
   * loaded machine (an exam's deadline) says nothing against the sandbox and must not stop
   * judging, so only a set-up failure counts.
   */
  private async selfTest(): Promise<string | null> {
    const fail = (why: string) =>
      `a test program cannot start in the sandbox: ${why.trim().slice(0, 500)}`;
    try {
      return await this.withSubmission(
        'python',
        'print(6 * 7)\n',
        async ({ run }) => {
          const r = await run('', 10_000, 64);
          return r.setupError ? fail(r.setupError) : null;
        },
        (verdict, output) => (verdict === 'Internal Error' ? fail(output) : null),
        { probing: true },
      );
    } catch (err) {
      return fail((err as Error).message);
    }
  }

  private async ready(): Promise<void> {
    const caps = await this.capabilities();
    if (!caps.ready) throw new JudgeUnavailableError(caps.problems);
  }

  async close(): Promise<void> {
    await this.launchers.close();
  }

  private async box(
    lang: LanguageSpec,
    dir: string,
    uid: number | null,
    o: BoxOptions,
  ): Promise<BoxRunResult> {
    const c = this.config;
    const spec: BoxRunSpec = {
      mode: c.sandbox,
      argv: o.argv,
      env: c.sandbox === 'none' ? { ...lang.env, HOME: dir, TMPDIR: dir } : lang.env,
      stdin: o.stdin,
      stdinFile: o.stdinFile,
      pipe: o.pipe,
      signal: o.signal,
      hostCodeDir: dir,
      codeWritable: o.writable,
      ...(o.binds ? { binds: o.binds } : {}),
      usr: o.usr,
      readOnlyPaths: lang.readOnlyPaths.filter((p) => fs.existsSync(p)),
      hostScratchDir: dir,
      uid,
      cpuLimitMs: o.cpuMs,
      wallLimitMs: o.wallMs,
      memoryBytes: o.memoryMb * 1024 * 1024,
      pids: o.pids ?? c.maxProcesses,
      outputBytes: o.outputBytes ?? c.outputBytes,
      stderrBytes: c.stderrBytes,
      fileBytes: c.fileBytes,
      stackBytes: o.stackBytes ?? null,
      boxBytes: c.boxBytes,
      shmBytes: c.shmBytes,
      cgroups: this.cgroups,
      seccomp: c.sandbox === 'bwrap' ? await this.seccomp() : null,
      nice: c.boxNice,
    };
    return runInBox(spec, this.launchers);
  }

  /**
   * Prepares a submission (uid, folder, the compile step) and hands a runner for its tests to
   * `use`; frees everything afterwards. A compile failure comes back through `onCompileError`.
   */
  private async withSubmission<T>(
    language: JudgeRequest['language'],
    /** One source file's text, or a submission of several files. */
    code: string | SourceFiles,
    use: (submission: {
      /** Runs the code on `stdin`, a text or a host file (big test data). */
      run: (
        stdin: string | { file: string },
        timeLimitMs: number,
        memoryLimitMb: number,
        /** Standard output in MiB before Output Limit Exceeded; default: the judge's. */
        outputLimitMb?: number,
      ) => Promise<BoxRunResult>;
      /** Judges one output with a checker program, under this submission's uid. */
      check: (checker: CompiledChecker, test: CheckedTest) => Promise<CheckerOutcome>;
      /** Runs the code against an interactor on one test (interactive.ts). */
      interact: (
        interactor: CompiledChecker,
        test: CheckedTest,
        timeLimitMs: number,
        memoryLimitMb: number,
      ) => Promise<{ run: BoxRunResult; outcome: InteractiveOutcome }>;
      lang: LanguageSpec;
      /** The compiled submission's host folder (removed afterwards unless moved away). */
      dir: string;
    }) => Promise<T>,
    onCompileError: (verdict: Verdict, output: string) => T,
    {
      probing = false,
      includeDir,
    }: {
      /** The readiness probe's own test program runs before the judge is known to be ready. */
      probing?: boolean;
      /** A host folder of headers the C or C++ compiler searches too (a checker's validate.h). */
      includeDir?: string;
    } = {},
  ): Promise<T> {
    if (!probing) await this.ready();
    const lang = LANGUAGES[language];
    if (!lang) throw new Error(`Unknown language ${String(language)}`);
    const several = typeof code === 'string' ? null : code;
    const bytes = several
      ? several.files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0)
      : Buffer.byteLength(code as string);
    if (bytes > this.config.maxCodeBytes)
      return onCompileError(
        'Compilation Error',
        `The source code is larger than ${this.config.maxCodeBytes / 1024} KiB.`,
      );
    const badNames = several ? badSourceNames(several) : null;
    if (badNames) return onCompileError('Compilation Error', `The submission: ${badNames}.`);
    const plan = several ? planSources(lang, several) : lang.plan(code as string);
    const uid = this.uids?.acquire() ?? null;
    const ws = createWorkspace(
      this.config.workDir,
      uid,
      several?.files ?? [{ name: plan.sourceFile, content: code as string }],
    );
    const codeDir = this.config.sandbox === 'bwrap' ? CODE_DIR_IN_BOX : ws.dir;
    const ctx = (memoryLimitMb: number) => ({
      codeDir,
      memoryLimitMb,
      sourceFile: plan.sourceFile,
      sourceFiles: plan.sourceFiles,
      entry: plan.entry,
    });
    // Whether every box of this submission was seen emptied through its cgroup (see drain below).
    let contained = true;
    const boxIn = async (boxLang: LanguageSpec, dir: string, o: BoxOptions) => {
      const before = contained;
      contained = false; // until this box is known to be over (it may throw)
      const r = await this.box(boxLang, dir, uid, o);
      contained = before && r.contained;
      return r;
    };
    const box = (o: BoxOptions) => boxIn(lang, ws.dir, o);
    try {
      const limits = compileLimits(lang.id);
      if (limits) {
        if (lang.compileWritesCode) ws.allowWrites();
        const includeInBox =
          this.config.sandbox === 'bwrap' ? VALIDATOR_HEADERS_IN_BOX : includeDir;
        const r = await box({
          argv: [
            ...lang.compile(ctx(limits.memoryLimitMb)),
            ...(includeDir && includeInBox ? ['-I', includeInBox] : []),
          ],
          ...(includeDir && this.config.sandbox === 'bwrap'
            ? { binds: [{ host: includeDir, box: VALIDATOR_HEADERS_IN_BOX, writable: false }] }
            : {}),
          stdin: '',
          cpuMs: limits.cpuMs,
          wallMs: limits.wallMs,
          memoryMb: limits.memoryLimitMb,
          writable: lang.compileWritesCode,
          usr: true,
        });
        const raw = (r.stderr + r.stdout).replaceAll(ws.dir, codeDir);
        const output = (lang.compileMessage?.(raw) ?? raw).slice(0, 16_384);
        if (r.setupError) return onCompileError('Internal Error', r.setupError);
        if (r.wallTimedOut || r.signal === 'SIGXCPU')
          return onCompileError('Compilation Error', 'Compilation took too long.');
        if (r.oomKilled)
          return onCompileError('Compilation Error', 'Compilation ran out of memory.');
        if (r.exitCode !== 0 || r.signal) return onCompileError('Compilation Error', output);
        if (plan.noEntry) return onCompileError('Compilation Error', plan.noEntry);
      }
      const runOptions = (timeLimitMs: number, memoryLimitMb: number): BoxOptions => ({
        argv: lang.run(ctx(memoryLimitMb)),
        stdin: '',
        cpuMs: perTestCpuLimitMs(lang.id, timeLimitMs),
        // Close to the CPU limit (judge-cost.ts): CPU time decides the ordinary TLE, this
        // kill bounds a program that sleeps or blocks, and with it the submission's cost.
        wallMs: perTestWallLimitMs(lang.id, timeLimitMs),
        memoryMb: memoryLimitMb + lang.runtimeOverheadMb,
        writable: false,
        usr: lang.runNeedsUsr,
        ...(lang.stackUpToMemoryLimit ? { stackBytes: memoryLimitMb * 1024 * 1024 } : {}),
      });
      return await use({
        run: (stdin, timeLimitMs, memoryLimitMb, outputLimitMb) =>
          box({
            ...runOptions(timeLimitMs, memoryLimitMb),
            ...(outputLimitMb ? { outputBytes: outputLimitMb * 1024 * 1024 } : {}),
            ...(typeof stdin === 'string' ? { stdin } : { stdin: '', stdinFile: stdin.file }),
          }),
        check: (checker, test) =>
          runChecker(checker, test, uid, this.config, (o) => boxIn(checker.lang, checker.dir, o)),
        interact: async (interactor, test, timeLimitMs, memoryLimitMb) => {
          const own = runOptions(timeLimitMs, memoryLimitMb);
          // The interactor's box has a uid of its own: the pair shares nothing but the pipes.
          const interactorUid = this.uids?.acquire() ?? null;
          let interactorContained = false;
          try {
            return await runInteractive(this.config.workDir, {
              submission: (pipe, signal) => box({ ...own, pipe, signal }),
              interactor: (pipe, signal, ended) =>
                runChecker(
                  interactor,
                  test,
                  interactorUid,
                  this.config,
                  async (o) => {
                    const r = await this.box(interactor.lang, interactor.dir, interactorUid, o);
                    interactorContained = r.contained;
                    return r;
                  },
                  {
                    // Past its limit while the submission runs, it waits on it (sandbox.ts).
                    pipe: {
                      ...pipe,
                      afterPartnerMs: checkerWallLimitMs(
                        interactor.lang.id,
                        this.config.checkerTimeLimitMs,
                      ),
                    },
                    signal,
                    // It waits on the submission, whose wall-clock limit stretches up to
                    // MAX_WALL_STRETCH times on a busy machine (sandbox.ts): never ended first.
                    wallMs:
                      own.wallMs * MAX_WALL_STRETCH +
                      checkerWallLimitMs(interactor.lang.id, this.config.checkerTimeLimitMs),
                    ended,
                  },
                ),
              failure: (r) => failureVerdict(r, classifyLimits(lang, timeLimitMs, memoryLimitMb)),
            });
          } finally {
            if (interactorUid !== null) await this.releaseUid(interactorUid, interactorContained);
          }
        },
        lang,
        dir: ws.dir,
      });
    } finally {
      ws.remove();
      if (uid !== null) await this.releaseUid(uid, contained);
    }
  }

  /**
   * Gives a box uid back. Every process a box starts descends from one that joined the box's
   * cgroups before it dropped to the uid, and cannot leave them: a group seen empty means nothing
   * of the uid is left. Only otherwise is /proc searched by uid (~6 ms of blocked event loop).
   */
  private async releaseUid(uid: number, contained: boolean): Promise<void> {
    if (!this.uids) return;
    const left = contained ? [] : await this.uids.drain(uid);
    if (left.length === 0) this.uids.release(uid);
    else console.error(`judge: uid ${uid} kept: processes ${left.join(', ')} would not go away`);
  }

  /**
   * The compiled checker of a `checker` rule, null for the other rules, or why there is none (a
   * judge error: the teacher's checker is missing or does not compile).
   */
  private async checkerFor(
    compare: CompareRule | undefined,
    source: string | undefined,
  ): Promise<CompiledChecker | null | string> {
    if (compare?.mode !== 'checker') return null;
    if (!source?.trim()) return 'the challenge has no checker program';
    const compiled = await this.checkers.get(compare.language, source);
    return 'error' in compiled ? compiled.error : compiled;
  }

  /**
   * Compiles (or syntax-checks) `source` as a submission would be; `adopt` moves the compiled
   * folder away before it would be removed.
   */
  private compileOnly(
    language: JudgeLanguage,
    source: string,
    adopt: (dir: string) => void,
    includeDir?: string,
  ): Promise<{ ok: true } | { verdict: Verdict; output: string }> {
    return this.withSubmission<{ ok: true } | { verdict: Verdict; output: string }>(
      language,
      source,
      async ({ dir }) => {
        adopt(dir);
        return { ok: true };
      },
      (verdict, output) => ({ verdict, output }),
      includeDir ? { includeDir } : {},
    );
  }

  /** Null when the checker compiles (it is then kept, compiled, for the tests), else why not. */
  async checkChecker(language: JudgeLanguage, source: string): Promise<string | null> {
    await this.ready();
    const compiled = await this.checkers.get(language, source);
    return 'error' in compiled ? compiled.error : null;
  }

  /** A submission's stored test files, each fetched once and held until `release`. */
  private filesFor() {
    const held = new Map<string, Promise<{ path: string; release(): void }>>();
    return {
      path: async (ref: TestFileRef): Promise<string> => {
        if (!this.testData) throw new Error('this judge has no store of test data files');
        let file = held.get(ref.sha256);
        if (!file) held.set(ref.sha256, (file = this.testData.acquire(ref.sha256)));
        return (await file).path;
      },
      release: () => {
        for (const file of held.values())
          void file.then(
            (f) => f.release(),
            () => undefined,
          );
      },
    };
  }

  /** Judges a submission against all its tests (sequentially, one fresh box per test). */
  async judge(req: JudgeRequest): Promise<JudgeResult> {
    const failAll = (verdict: Verdict, output: string): JudgeResult => {
      const tests = req.tests.map((t, index) => ({
        index,
        hidden: t.hidden,
        weight: t.weight,
        group: groupOf(t),
        verdict,
        timeMs: 0,
        wallMs: 0,
        memoryBytes: null,
      }));
      const s = scoreTests(tests, req.score, req.groups, req.grading);
      return {
        verdict,
        tests,
        ...s,
        ...(verdict === 'Internal Error' ? { internalMessage: output } : { compileOutput: output }),
      };
    };
    try {
      // The checker first: when it cannot be built, no submission can be judged (a judge error).
      const compiled = await this.checkerFor(req.compare, req.checkerSource);
      if (typeof compiled === 'string') return failAll('Internal Error', compiled);
      const baseChecker =
        compiled && req.checkerArgs?.length ? { ...compiled, args: req.checkerArgs } : compiled;
      if (req.interactive && !baseChecker)
        return failAll(
          'Internal Error',
          'an interactive challenge needs its interactor (a checker)',
        );
      return await this.withSubmission(
        req.language,
        req.sources ?? req.code,
        async ({ run, check, interact, lang }) => {
          const files = this.filesFor();
          try {
            const tests: TestResult[] = [];
            let internal: string | undefined;
            // All-or-nothing groups with a failed test: the rest of each is not run (on_reject: break).
            const failedGroups = new Set<string>();
            // A checker that failed once (ran into its limits, crashed) makes the submission a judge
            // error whatever the other tests give, and would most likely fail the same way on each:
            // the rest is not run, so a looping checker costs one of its time limits, not one a test.
            // Only a box that could not start is the judge's own fault (checkerFailed stays false).
            let checkerStopped = false;
            let checkerFailed = false;
            const groupNames = req.tests.map(groupOf);
            for (const [index, t] of req.tests.entries()) {
              const group = groupOf(t);
              const allOrNothing = scoringOf(req.groups ?? [], group) === 'all';
              const base = { index, hidden: t.hidden, weight: t.weight, group };
              // A Kattis scoring problem's own on_reject rules decide what still runs.
              const stopped = req.grading
                ? !kattisStillJudged(groupNames, index, tests, req.grading)
                : allOrNothing && failedGroups.has(group);
              if (checkerStopped || stopped) {
                tests.push({
                  ...base,
                  verdict: 'Skipped',
                  timeMs: 0,
                  wallMs: 0,
                  memoryBytes: null,
                });
                continue;
              }
              const input = t.inputFile ? { file: await files.path(t.inputFile) } : t.input;
              const expected = t.expectedOutputFile
                ? await fs.promises.readFile(await files.path(t.expectedOutputFile), 'utf8')
                : t.expectedOutput;
              // An interactive test runs the code and the interactor together; else the code
              // runs first and its output is judged afterwards.
              // A group's own arguments replace the challenge's (a Kattis group's testdata.yaml).
              const groupArgs = req.groups?.find((g) => g.name === group)?.checkerArgs;
              const checker =
                baseChecker && groupArgs ? { ...baseChecker, args: groupArgs } : baseChecker;
              const paired =
                req.interactive && checker
                  ? await interact(
                      checker,
                      { input, answer: expected, output: '' },
                      req.timeLimitMs,
                      req.memoryLimitMb,
                    )
                  : null;
              const r =
                paired?.run ??
                (await run(input, req.timeLimitMs, req.memoryLimitMb, req.outputLimitMb));
              const limits = classifyLimits(lang, req.timeLimitMs, req.memoryLimitMb);
              let verdict: Verdict;
              let checked: { fraction?: number; judgeMessage?: string } = {};
              const failure = paired ? null : failureVerdict(r, limits);
              if (checker && !failure) {
                const outcome =
                  paired?.outcome ??
                  (await check(checker, {
                    input,
                    answer: expected,
                    output: r.stdout,
                  }));
                if ('error' in outcome) {
                  verdict = 'Internal Error';
                  internal ??= outcome.error;
                  checkerStopped = true;
                  checkerFailed = !outcome.setup;
                } else {
                  verdict = outcome.verdict;
                  const fraction = outcome.fraction ?? 1;
                  checked = {
                    ...(fraction < 1 && verdict === 'Accepted' ? { fraction } : {}),
                    ...(outcome.judgeMessage ? { judgeMessage: outcome.judgeMessage } : {}),
                  };
                }
              } else verdict = failure ?? testVerdict(r, limits, expected, req.compare);
              if (r.setupError) internal ??= r.setupError;
              if (allOrNothing && verdict !== 'Accepted') failedGroups.add(group);
              const keep = this.config.keepOutput;
              tests.push({
                ...base,
                verdict,
                timeMs: reportedTimeMs(r, verdict, req.timeLimitMs),
                wallMs: Math.round(r.wallMs),
                memoryBytes: r.memoryPeakBytes,
                ...checked,
                // The bounded copies: NUL-free, so a sample's output can be stored as it is.
                ...(t.hidden
                  ? {}
                  : { stdout: r.captured.stdout.text, stderr: r.captured.stderr.text }),
                ...(keep === 'all' || (keep === 'failed' && verdict !== 'Accepted')
                  ? { output: r.captured }
                  : {}),
              });
            }
            // Never the Wrong Answer of an earlier test: the student's result is not known.
            const verdict = checkerStopped ? 'Internal Error' : overallVerdict(tests, req.grading);
            return {
              verdict,
              tests,
              ...scoreTests(tests, req.score, req.groups, req.grading),
              ...(internal ? { internalMessage: internal } : {}),
              ...(checkerFailed ? { checkerFailed: true as const } : {}),
            };
          } finally {
            files.release();
          }
        },
        failAll,
      );
    } catch (err) {
      if (err instanceof JudgeUnavailableError) throw err;
      return failAll('Internal Error', (err as Error).stack ?? String(err));
    }
  }

  /** Runs the code once on custom input (the Run button): output, time and memory, no comparison. */
  async runOnce(req: RunOnceRequest): Promise<RunOnceResult> {
    const failed = (verdict: Verdict, output: string): RunOnceResult => ({
      verdict,
      stdout: '',
      stderr: verdict === 'Internal Error' ? '' : output,
      exitCode: null,
      timeMs: 0,
      wallMs: 0,
      memoryBytes: null,
      ...(verdict === 'Compilation Error' ? { compileOutput: output } : {}),
    });
    try {
      return await this.withSubmission(
        req.language,
        req.code,
        async ({ run, lang }) => {
          const r = await run(req.stdin, req.timeLimitMs, req.memoryLimitMb, req.outputLimitMb);
          const verdict =
            failureVerdict(r, classifyLimits(lang, req.timeLimitMs, req.memoryLimitMb)) ??
            'Accepted';
          return {
            verdict,
            stdout: r.stdout,
            stderr: r.stderr,
            exitCode: r.exitCode,
            timeMs: reportedTimeMs(r, verdict, req.timeLimitMs),
            wallMs: Math.round(r.wallMs),
            memoryBytes: r.memoryPeakBytes,
          };
        },
        failed,
      );
    } catch (err) {
      if (err instanceof JudgeUnavailableError) throw err;
      return failed('Internal Error', String(err));
    }
  }
}
