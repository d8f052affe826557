/**
 * How each language is compiled and run: file names, command lines, the memory flags derived from
 * the challenge's limit, and what the runtime needs to see inside the box. Everything about a
 * language lives here so adding one never touches the sandbox. Paths are absolute and fixed: the
 * box has no PATH lookup worth trusting, and Python must be Debian's /usr/bin/python3, not a
 * version-manager shim (STACK.md).
 *
 * Every language has one compile step, run once per submission in its own box before the tests
 * (issue 14, item 4): javac, gcc and g++ build, Python's compile() and node --check only parse, so that a
 * syntax error is a Compilation Error with the tool's message rather than a Runtime Error per test.
 */
import type { JudgeLanguage } from '../../contract/verdicts.ts';
import { analyzeJavaSource } from './java-source.ts';
import type { SourceFiles } from './types.ts';

// Start-up allowances and the compile limits live in src/contract/judge-cost.ts, beside the worst
// case they add up to.

export const JAVA_HOME = '/usr/lib/jvm/java-17-openjdk-amd64';

/**
 * Python's syntax check: compiles each file named by its arguments and, on the first failure, prints what
 * Python itself would print for it (file, line, caret, error) and exits 1. Null bytes (a
 * ValueError) and a nesting too deep for the compiler (RecursionError, MemoryError) are reported
 * the same way.
 */
export const PYTHON_SYNTAX_CHECK = [
  'import sys',
  'for p in sys.argv[1:]:',
  '    try:',
  "        compile(open(p, 'rb').read(), p, 'exec', dont_inherit=True)",
  '    except Exception as e:',
  '        import traceback',
  "        sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))",
  '        sys.exit(1)',
].join('\n');

export interface CommandContext {
  /** Where the code folder is seen by the program (/code in the box, the host folder without it). */
  codeDir: string;
  memoryLimitMb: number;
  /** The source file's name inside codeDir. */
  sourceFile: string;
  /**
   * Every source file the compile step takes (a submission of several files); absent: only
   * `sourceFile`.
   */
  sourceFiles?: string[] | undefined;
  /** What the run starts: Java's qualified main class; the other languages need nothing here. */
  entry: string;
}

/** What the judge derives from the code before compiling it. */
export interface SourcePlan {
  sourceFile: string;
  entry: string;
  /** A submission of several files: every source the compile step takes (CommandContext). */
  sourceFiles?: string[];
  /**
   * Why the code cannot run although it may compile (a Java file without main). Shown as the
   * Compilation Error's message once the compiler itself found nothing to say.
   */
  noEntry?: string;
}

export interface LanguageSpec {
  id: JudgeLanguage;
  plan(code: string): SourcePlan;
  compile: (ctx: CommandContext) => string[];
  /** The compile step writes its output (classes, a binary) into the code folder. */
  compileWritesCode: boolean;
  /** Turns the compiler's messages into what the student reads (default: as they are). */
  compileMessage?: (output: string) => string;
  run(ctx: CommandContext): string[];
  /**
   * The run needs /usr (an interpreter, a JVM, shared libraries). False for the static C and C++
   * binaries: their box gets no /usr at all, so no compiler or other program is there to start.
   */
  runNeedsUsr: boolean;
  /** Host paths outside /usr the runtime needs, bound read-only at the same place. */
  readOnlyPaths: string[];
  /** Files that must exist on the host for this language to work (capabilities report them). */
  requires: string[];
  /** Its name for scripts/ensure-system-packages.mjs, which installs it when missing. */
  install?: string;
  env: Record<string, string>;
  /**
   * Memory the box's cgroup allows beyond the student's limit (cgroup limit = limit + this): the
   * runtime's own needs, and room to measure an overrun before the kernel kills it. The student's
   * verdict never depends on it (classify.ts: the peak is held against the limit itself).
   */
  runtimeOverheadMb: number;
  /**
   * The runtime holds the program's heap to the limit itself (Java's -Xmx, Node's
   * --max-old-space-size) and says so when it is hit (heapExhausted): its own memory beyond that
   * heap (a JVM's ~20 MiB) is not the student's. Without such a flag (C, C++, Python) the box's
   * measured peak is held against the limit.
   */
  limitsOwnHeap: boolean;
  /**
   * The stack may grow up to the memory limit (as on Kattis and DOMjudge), for deep recursion in
   * C and C++; the cgroup still counts it. Others keep the default 8 MiB (Java sizes its own).
   */
  stackUpToMemoryLimit: boolean;
  /** What the runtime prints on stderr when its own heap limit is hit (a Memory Limit Exceeded). */
  heapExhausted: RegExp;
}

/** The files a compile step takes, in the order given. */
const sourcesOf = (ctx: CommandContext): string[] =>
  (ctx.sourceFiles ?? [ctx.sourceFile]).map((name) => `${ctx.codeDir}/${name}`);

const baseEnv = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp', TMPDIR: '/tmp' };
const fixedName = (sourceFile: string) => (): SourcePlan => ({ sourceFile, entry: '' });

/** javac's output folder inside the code folder (packages become sub-folders of it). */
const JAVA_CLASSES = 'classes';
/** The compiled C or C++ program. */
const BINARY = 'main';

const javaPlan = (code: string): SourcePlan => {
  const source = analyzeJavaSource(code);
  return {
    sourceFile: `${source.fileName}.java`,
    entry: source.mainClass ?? source.fileName,
    ...(source.mainClass
      ? {}
      : {
          noEntry:
            'error: no class has a method public static void main(String[] args), so there is nothing to run',
        }),
  };
};

/** node --check's message without Node's own stack frames and version line. */
const nodeCheckMessage = (output: string): string =>
  output
    .split('\n')
    .filter((line) => !/^\s+at .*node:internal\//u.test(line) && !/^Node\.js v\d/u.test(line))
    .join('\n')
    .trim();

/**
 * gcc and g++ link statically (as DOMjudge and Kattis do): the binary needs nothing from /usr,
 * so its runs see neither the compiler nor any other program.
 */
const gccCompile =
  (compiler: string, std: string) =>
  (ctx: CommandContext): string[] => [
    compiler,
    '-O2',
    `-std=${std}`,
    '-static',
    '-o',
    `${ctx.codeDir}/${BINARY}`,
    ...sourcesOf(ctx),
    '-lm',
  ];

/** A static binary: stdin/stdout only, no runtime of its own beyond the box's own processes. */
const native: Pick<
  LanguageSpec,
  | 'compileWritesCode'
  | 'run'
  | 'runNeedsUsr'
  | 'readOnlyPaths'
  | 'env'
  | 'runtimeOverheadMb'
  | 'limitsOwnHeap'
  | 'stackUpToMemoryLimit'
> = {
  compileWritesCode: true,
  run: (ctx: CommandContext) => [`${ctx.codeDir}/${BINARY}`],
  runNeedsUsr: false,
  readOnlyPaths: [],
  env: { ...baseEnv },
  runtimeOverheadMb: 16,
  limitsOwnHeap: false,
  stackUpToMemoryLimit: true,
};

export const LANGUAGES: Record<JudgeLanguage, LanguageSpec> = {
  python: {
    id: 'python',
    plan: fixedName('main.py'),
    // Only the built-in compile(), with no module imported unless there is an error to format:
    // py_compile imports importlib and friends, which made the check three times the cost of a
    // trivial run (39 ms against 18 ms here). -I: no environment or user site; -S: no site module.
    // Nothing is written: a script run as __main__ is compiled afresh anyway.
    compile: (ctx) => [
      '/usr/bin/python3',
      '-I',
      '-S',
      '-c',
      PYTHON_SYNTAX_CHECK,
      ...sourcesOf(ctx),
    ],
    compileWritesCode: false,
    // -B: no .pyc writes into the read-only code folder; -s: no user site folder.
    run: (ctx) => ['/usr/bin/python3', '-B', '-s', `${ctx.codeDir}/${ctx.sourceFile}`],
    runNeedsUsr: true,
    readOnlyPaths: [],
    requires: ['/usr/bin/python3'],
    env: { ...baseEnv, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    runtimeOverheadMb: 32,
    limitsOwnHeap: false,
    stackUpToMemoryLimit: false,
    heapExhausted: /^MemoryError\b/mu,
  },
  javascript: {
    id: 'javascript',
    plan: fixedName('main.js'),
    compile: (ctx) => ['/usr/bin/node', '--check', `${ctx.codeDir}/${ctx.sourceFile}`],
    compileWritesCode: false,
    compileMessage: nodeCheckMessage,
    run: (ctx) => [
      '/usr/bin/node',
      `--max-old-space-size=${ctx.memoryLimitMb}`,
      `${ctx.codeDir}/${ctx.sourceFile}`,
    ],
    runNeedsUsr: true,
    readOnlyPaths: [],
    requires: ['/usr/bin/node'],
    // NODE_EXTRA_CA_CERTS and the rest of the server's environment never reach the box.
    env: { ...baseEnv },
    runtimeOverheadMb: 96,
    limitsOwnHeap: true,
    stackUpToMemoryLimit: false,
    heapExhausted:
      /JavaScript heap out of memory|Reached heap limit|Invalid array length|Array buffer allocation failed/u,
  },
  java: {
    id: 'java',
    plan: javaPlan,
    compile: (ctx) => [
      `${JAVA_HOME}/bin/javac`,
      '-J-Xmx512m',
      '-J-XX:+UseSerialGC',
      '-J-XX:TieredStopAtLevel=1',
      '-J-XX:-UsePerfData',
      '-proc:none',
      '-encoding',
      'UTF-8',
      '-nowarn',
      '-d',
      `${ctx.codeDir}/${JAVA_CLASSES}`,
      ...sourcesOf(ctx),
    ],
    compileWritesCode: true,
    run: (ctx) => [
      `${JAVA_HOME}/bin/java`,
      `-Xmx${ctx.memoryLimitMb}m`,
      '-Xss64m',
      '-Xlog:disable', // the JVM's own warnings would otherwise land in the answer (stdout)
      '-Xlog:all=warning:stderr',
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-Xshare:auto',
      '-cp',
      `${ctx.codeDir}/${JAVA_CLASSES}`,
      ctx.entry,
    ],
    runNeedsUsr: true,
    readOnlyPaths: ['/etc/java-17-openjdk'],
    requires: [`${JAVA_HOME}/bin/javac`, `${JAVA_HOME}/bin/java`],
    install: 'jdk17',
    env: { ...baseEnv, JAVA_HOME },
    runtimeOverheadMb: 160,
    limitsOwnHeap: true,
    stackUpToMemoryLimit: false,
    heapExhausted: /java\.lang\.OutOfMemoryError/u,
  },
  c: {
    id: 'c',
    plan: fixedName('main.c'),
    compile: gccCompile('/usr/bin/gcc', 'c17'),
    ...native,
    requires: ['/usr/bin/gcc'],
    install: 'gcc',
    // malloc failing under the cgroup's limit leaves nothing recognisable: the measured peak or
    // the OOM kill decides.
    heapExhausted: /(?!)/u,
  },
  cpp: {
    id: 'cpp',
    plan: fixedName('main.cpp'),
    compile: gccCompile('/usr/bin/g++', 'c++17'),
    ...native,
    requires: ['/usr/bin/g++'],
    install: 'gxx',
    heapExhausted: /std::bad_alloc/u,
  },
};

/**
 * The source files of each language among a submission's files, as problemtools' languages.yaml
 * globs them (`*.c`; `*.cc *.C *.cpp *.cxx *.c++`; `*.java`; `*.py *.py3`; `*.js`): the rest
 * (headers, notes) is only there to be read.
 */
export const SOURCE_FILE_PATTERNS: Record<JudgeLanguage, RegExp> = {
  c: /\.c$/u,
  cpp: /\.(?:cc|C|cpp|cxx|c\+\+)$/u,
  java: /\.java$/u,
  python: /\.py3?$/u,
  javascript: /\.m?js$/u,
};

/** Names the judge itself uses in the code folder, and what a box may not name a file. */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}$/u;
const RESERVED_NAMES = new Set([BINARY, JAVA_CLASSES]);

/** Why a submission's file names cannot be written into the code folder, or null. */
export function badSourceNames(sources: SourceFiles): string | null {
  const names = sources.files.map((f) => f.name);
  const bad = names.find((n) => !SAFE_NAME.test(n) || RESERVED_NAMES.has(n));
  if (bad !== undefined) return `the file name ${JSON.stringify(bad)} cannot be used`;
  if (new Set(names).size !== names.length) return 'two files have the same name';
  if (!names.includes(sources.entry))
    return `the entry file ${sources.entry} is not among the files`;
  return null;
}

/**
 * How a submission of several files is built and started: every source of the language compiled
 * (C and C++ together into one program; javac all the classes), the entry file run (Python,
 * JavaScript), or for Java the class holding main in the entry file, as DOMjudge's
 * java_javac_detect finds it.
 */
export function planSources(lang: LanguageSpec, sources: SourceFiles): SourcePlan {
  const sourceFiles = sources.files
    .map((f) => f.name)
    .filter((name) => SOURCE_FILE_PATTERNS[lang.id].test(name));
  const entryCode = sources.files.find((f) => f.name === sources.entry)?.content ?? '';
  const plan = lang.id === 'java' ? javaPlan(entryCode) : { entry: '' };
  return { ...plan, sourceFile: sources.entry, sourceFiles };
}
