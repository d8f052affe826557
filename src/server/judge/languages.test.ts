import { describe, expect, it } from 'vitest';
import { isCompiled } from '../../contract/judge-cost.ts';
import { JUDGE_LANGUAGES } from '../../contract/verdicts.ts';
import { LANGUAGES, type CommandContext } from './languages.ts';

const context = (code: string, language: keyof typeof LANGUAGES): CommandContext => {
  const plan = LANGUAGES[language].plan(code);
  return { codeDir: '/code', memoryLimitMb: 64, sourceFile: plan.sourceFile, entry: plan.entry };
};

describe('languages and the cost bound', () => {
  // worstCaseJudgeMs counts a compile step exactly for the languages the judge compiles.
  it.each(JUDGE_LANGUAGES)('%s is compiled here exactly when judge-cost.ts says so', (language) => {
    expect(Boolean(LANGUAGES[language].compile)).toBe(isCompiled(language));
  });
});

describe('command lines', () => {
  it('compiles C17 and C++17 with -O2, statically, with libm, and runs the binary alone', () => {
    expect(LANGUAGES.c.compile(context('', 'c'))).toEqual([
      '/usr/bin/gcc',
      '-O2',
      '-std=c17',
      '-static',
      '-o',
      '/code/main',
      '/code/main.c',
      '-lm',
    ]);
    expect(LANGUAGES.cpp.compile(context('', 'cpp'))).toEqual(
      expect.arrayContaining(['/usr/bin/g++', '-O2', '-std=c++17', '-static', '/code/main.cpp']),
    );
    expect(LANGUAGES.cpp.compile(context('', 'cpp')).at(-1)).toBe('-lm');
    for (const language of ['c', 'cpp'] as const) {
      expect(LANGUAGES[language].run(context('', language))).toEqual(['/code/main']);
      expect(LANGUAGES[language].runNeedsUsr).toBe(false);
    }
  });

  it('checks Python with py_compile and JavaScript with node --check', () => {
    expect(LANGUAGES.python.compile(context('', 'python'))).toEqual(
      expect.arrayContaining(['/usr/bin/python3', '-m', 'py_compile', '/code/main.py']),
    );
    expect(LANGUAGES.javascript.compile(context('', 'javascript'))).toEqual([
      '/usr/bin/node',
      '--check',
      '/code/main.js',
    ]);
  });

  it('compiles Java into a folder and runs the main class by its qualified name', () => {
    const code = 'package a.b;\nclass Prog { public static void main(String[] x) {} }\n';
    const ctx = context(code, 'java');
    expect(ctx).toMatchObject({ sourceFile: 'Prog.java', entry: 'a.b.Prog' });
    expect(LANGUAGES.java.compile(ctx).slice(-3)).toEqual([
      '-d',
      '/code/classes',
      '/code/Prog.java',
    ]);
    expect(LANGUAGES.java.run(ctx).slice(-3)).toEqual(['-cp', '/code/classes', 'a.b.Prog']);
    expect(LANGUAGES.java.plan(code).noEntry).toBeUndefined();
    expect(LANGUAGES.java.plan('public class Main {}').noEntry).toMatch(/public static void main/u);
  });

  it("shows node --check's message without Node's own stack and version line", () => {
    const raw =
      '/code/main.js:1\nfunction (\n^^^^^^^^\n\nSyntaxError: Function statements require a function name\n    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n    at checkSyntax (node:internal/main/check_syntax:78:3)\n\nNode.js v20.20.2\n';
    expect(LANGUAGES.javascript.compileMessage?.(raw)).toBe(
      '/code/main.js:1\nfunction (\n^^^^^^^^\n\nSyntaxError: Function statements require a function name',
    );
  });
});
