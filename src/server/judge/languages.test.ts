import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCompiled } from '../../contract/judge-cost.ts';
import { JUDGE_LANGUAGES } from '../../contract/verdicts.ts';
import {
  badSourceNames,
  LANGUAGES,
  planSources,
  PYTHON_SYNTAX_CHECK,
  type CommandContext,
} from './languages.ts';

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

  it('checks Python with the built-in compile() and JavaScript with node --check', () => {
    expect(LANGUAGES.python.compile(context('', 'python'))).toEqual([
      '/usr/bin/python3',
      '-I',
      '-S',
      '-c',
      PYTHON_SYNTAX_CHECK,
      '/code/main.py',
    ]);
    expect(LANGUAGES.python.compileWritesCode).toBe(false);
    expect(LANGUAGES.javascript.compile(context('', 'javascript'))).toEqual([
      '/usr/bin/node',
      '--check',
      '/code/main.js',
    ]);
  });

  describe("Python's syntax check", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syntax-check-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const check = (name: string, source: string | Buffer) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, source);
      const r = spawnSync('/usr/bin/python3', ['-I', '-S', '-c', PYTHON_SYNTAX_CHECK, file], {
        encoding: 'utf8',
      });
      return { status: r.status, stderr: r.stderr.replaceAll(dir, '/code'), stdout: r.stdout };
    };

    it('passes valid code without running it or writing anything', () => {
      const r = check('ok.py', 'print("ran")\nraise SystemExit(3)\n');
      expect(r).toEqual({ status: 0, stderr: '', stdout: '' });
      expect(fs.readdirSync(dir).sort()).toEqual(['ok.py']);
    });
    it("prints Python's own message for a syntax error: file, line, caret, error", () => {
      expect(check('a.py', 'x = 1\nprint(\n')).toEqual({
        status: 1,
        stderr: `  File "/code/a.py", line 2\n    print(\n         ^\nSyntaxError: '(' was never closed\n`,
        stdout: '',
      });
    });
    it('reports indentation errors, null bytes and bad encodings the same way', () => {
      const indent = check('b.py', 'if 1:\nprint(2)\n');
      expect(indent.status).toBe(1);
      expect(indent.stderr).toMatch(/File "\/code\/b\.py", line 2[\s\S]*IndentationError: /u);
      const nul = check('c.py', 'x = 1\0\n');
      expect(nul.status).toBe(1);
      expect(nul.stderr).toMatch(/null bytes/u);
      const bytes = check('d.py', Buffer.from([0xff, 0xfe, 0x0a]));
      expect(bytes.status).toBe(1);
      expect(bytes.stderr).toMatch(/SyntaxError: .*utf-8/u);
    });
    it('honours a coding line', () => {
      const latin1 = Buffer.concat([
        Buffer.from('# -*- coding: latin-1 -*-\nprint("'),
        Buffer.from([0xe9]),
        Buffer.from('")\n'),
      ]);
      expect(check('e.py', latin1).status).toBe(0);
    });
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

describe('a submission of several files', () => {
  const file = (name: string, content = '') => ({ name, content });

  it('compiles every source of its language together, headers and notes only beside them', () => {
    const plan = planSources(LANGUAGES.cpp, {
      entry: 'main.cpp',
      files: [file('add.cpp'), file('add.h'), file('main.cpp'), file('notes.txt')],
    });
    expect(plan).toMatchObject({ sourceFile: 'main.cpp', sourceFiles: ['add.cpp', 'main.cpp'] });
    const argv = LANGUAGES.cpp.compile({ codeDir: '/code', memoryLimitMb: 64, ...plan });
    expect(argv.slice(-3)).toEqual(['/code/add.cpp', '/code/main.cpp', '-lm']);
  });

  it("runs Java's class holding main in the entry file, by its qualified name", () => {
    const plan = planSources(LANGUAGES.java, {
      entry: 'Run.java',
      files: [
        file('Util.java', 'package p; class Util {}'),
        file('Run.java', 'package p; public class Run { public static void main(String[] a) {} }'),
      ],
    });
    expect(plan).toMatchObject({ entry: 'p.Run', sourceFiles: ['Util.java', 'Run.java'] });
    expect(plan.noEntry).toBeUndefined();
  });

  it('refuses names a code folder cannot hold, or that the judge writes itself', () => {
    const names = (...n: string[]) => ({ entry: n[0] ?? '', files: n.map((x) => file(x)) });
    expect(badSourceNames(names('a.py', 'b.py'))).toBeNull();
    expect(badSourceNames(names('a.py', '../b.py'))).toMatch(/"\.\.\/b\.py"/u);
    expect(badSourceNames(names('a.py', '.hidden'))).toMatch(/cannot be used/u);
    expect(badSourceNames(names('main.c', 'main'))).toMatch(/"main"/u);
    expect(badSourceNames(names('a.py', 'a.py'))).toMatch(/same name/u);
    expect(badSourceNames({ entry: 'c.py', files: [file('a.py')] })).toMatch(/entry file/u);
  });
});
