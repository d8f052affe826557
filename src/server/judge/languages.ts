/**
 * How each language is compiled and run: file names, command lines, the memory flags derived from
 * the challenge's limit, and what the runtime needs to see inside the box. Everything about a
 * language lives here so adding one never touches the sandbox. Paths are absolute and fixed: the
 * box has no PATH lookup worth trusting, and Python must be Debian's /usr/bin/python3, not a
 * version-manager shim (STACK.md).
 */
import type { JudgeLanguage } from '../../contract/verdicts.ts';

export const JAVA_HOME = '/usr/lib/jvm/java-17-openjdk-amd64';

export interface CommandContext {
  /** Where the code folder is seen by the program (/code in the box, the host folder without it). */
  codeDir: string;
  memoryLimitMb: number;
  /** The source file's base name and, for Java, the public class name. */
  mainName: string;
}

export interface LanguageSpec {
  id: JudgeLanguage;
  /** The source file's base name (for Java: the public class's name). */
  mainName(code: string): string;
  sourceFile(mainName: string): string;
  compile?: (ctx: CommandContext) => string[];
  run(ctx: CommandContext): string[];
  /** Host paths outside /usr the runtime needs, bound read-only at the same place. */
  readOnlyPaths: string[];
  env: Record<string, string>;
  /** Memory the runtime itself needs beyond the student's limit (cgroup limit = limit + this). */
  runtimeOverheadMb: number;
  /** Extra wall time for the runtime's start-up. */
  startupAllowanceMs: number;
  /** What the runtime prints on stderr when its own heap limit is hit (a Memory Limit Exceeded). */
  heapExhausted: RegExp;
}

/** The limits of the one javac run per Java submission. */
export const COMPILE_LIMITS = { timeLimitMs: 15_000, memoryLimitMb: 768, wallLimitMs: 30_000 };

const javaClassName = (code: string): string => {
  const m = /^\s*public\s+(?:(?:final|abstract|strictfp)\s+)*class\s+([A-Za-z_$][\w$]*)/mu.exec(
    code,
  );
  return m?.[1] ?? 'Main';
};

const baseEnv = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp', TMPDIR: '/tmp' };

export const LANGUAGES: Record<JudgeLanguage, LanguageSpec> = {
  python: {
    id: 'python',
    mainName: () => 'main',
    sourceFile: (name) => `${name}.py`,
    // -B: no .pyc writes into the read-only code folder; -s: no user site folder.
    run: (ctx) => ['/usr/bin/python3', '-B', '-s', `${ctx.codeDir}/${ctx.mainName}.py`],
    readOnlyPaths: [],
    env: { ...baseEnv, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    runtimeOverheadMb: 32,
    startupAllowanceMs: 500,
    heapExhausted: /^MemoryError\b/mu,
  },
  javascript: {
    id: 'javascript',
    mainName: () => 'main',
    sourceFile: (name) => `${name}.js`,
    run: (ctx) => [
      '/usr/bin/node',
      `--max-old-space-size=${ctx.memoryLimitMb}`,
      `${ctx.codeDir}/${ctx.mainName}.js`,
    ],
    readOnlyPaths: [],
    // NODE_EXTRA_CA_CERTS and the rest of the server's environment never reach the box.
    env: { ...baseEnv },
    runtimeOverheadMb: 96,
    startupAllowanceMs: 1000,
    heapExhausted:
      /JavaScript heap out of memory|Reached heap limit|Invalid array length|Array buffer allocation failed/u,
  },
  java: {
    id: 'java',
    mainName: javaClassName,
    sourceFile: (name) => `${name}.java`,
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
      ctx.codeDir,
      `${ctx.codeDir}/${ctx.mainName}.java`,
    ],
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
      ctx.codeDir,
      ctx.mainName,
    ],
    readOnlyPaths: ['/etc/java-17-openjdk'],
    env: { ...baseEnv, JAVA_HOME },
    runtimeOverheadMb: 160,
    startupAllowanceMs: 2000,
    heapExhausted: /java\.lang\.OutOfMemoryError/u,
  },
};
