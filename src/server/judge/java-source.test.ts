import { describe, expect, it } from 'vitest';
import { analyzeJavaSource, javaTokens } from './java-source.ts';

const main = 'public static void main(String[] args) { System.out.println(1); }';

describe('analyzeJavaSource', () => {
  it('finds a public class holding main', () => {
    expect(analyzeJavaSource(`import java.util.*;\npublic class Solution { ${main} }`)).toEqual({
      fileName: 'Solution',
      packageName: null,
      mainClass: 'Solution',
    });
  });

  it('runs a class that is not public, named as it is', () => {
    expect(analyzeJavaSource(`class Program { ${main} }`)).toMatchObject({
      fileName: 'Program',
      mainClass: 'Program',
    });
  });

  it('names the file after the public class when main is in another one', () => {
    const code = `class Runner { ${main} }\npublic final class Helper { static int f() { return 1; } }`;
    expect(analyzeJavaSource(code)).toEqual({
      fileName: 'Helper',
      packageName: null,
      mainClass: 'Runner',
    });
  });

  it('qualifies the main class with the package', () => {
    const code = `package edu.campus.week1;\n\nimport java.io.*;\npublic class Main { ${main} }`;
    expect(analyzeJavaSource(code)).toEqual({
      fileName: 'Main',
      packageName: 'edu.campus.week1',
      mainClass: 'edu.campus.week1.Main',
    });
  });

  it('accepts any order of modifiers, final, varargs and annotations', () => {
    for (const m of [
      'static public void main(String... a) {}',
      'public static final void main(final String[] a) throws Exception {}',
      '@SuppressWarnings("unused") public static void main(java.lang.String args[]) {}',
    ])
      expect(analyzeJavaSource(`class A { ${m} }`).mainClass).toBe('A');
  });

  it('finds no main where there is none, or only one that is no entry point', () => {
    for (const code of [
      'public class Main { static int f() { return 1; } }',
      'public class Main { static void main(String[] a) {} }', // not public
      'public class Main { public void main(String[] a) {} }', // not static
      'public class Main { public static void main() {} }', // no arguments
      'public class Main { public static int main(String[] a) { return 0; } }',
    ])
      expect(analyzeJavaSource(code), code).toMatchObject({ fileName: 'Main', mainClass: null });
  });

  it('ignores main in comments, strings, text blocks and nested classes', () => {
    const code = [
      '// public class Fake { public static void main(String[] a) {} }',
      '/* class Other { public static void main(String[] a) {} } */',
      'public class Main {',
      '  String s = "class X { public static void main(String[] a) {} }";',
      "  char q = '\"';",
      '  String t = """',
      '    public static void main(String[] a) {}',
      '    """;',
      '  static class Inner { public static void main(String[] a) {} }',
      '}',
    ].join('\n');
    expect(analyzeJavaSource(code)).toEqual({
      fileName: 'Main',
      packageName: null,
      mainClass: null,
    });
  });

  it('prefers a public class holding main over an earlier package-private one', () => {
    const code = `class A { ${main} }\npublic class B { ${main} }`;
    expect(analyzeJavaSource(code)).toMatchObject({ fileName: 'B', mainClass: 'B' });
  });

  it('reads enums, records and interfaces, and skips braces in annotation arguments', () => {
    expect(analyzeJavaSource(`enum E { X, Y; ${main} }`).mainClass).toBe('E');
    expect(analyzeJavaSource(`record R(int x) { ${main} }`).mainClass).toBe('R');
    expect(analyzeJavaSource(`interface I { ${main} }`).mainClass).toBe('I');
    const annotated = `@SuppressWarnings({"a", "b"})\npublic class Main { int x = 1; ${main} }`;
    expect(analyzeJavaSource(annotated)).toMatchObject({ fileName: 'Main', mainClass: 'Main' });
  });
});

describe('javaTokens', () => {
  it('drops comments and literals, keeps words and punctuation', () => {
    expect(javaTokens('a.b(/* x */ "s", \'c\') // y\n;')).toEqual([
      'a',
      '.',
      'b',
      '(',
      ',',
      ')',
      ';',
    ]);
  });
});
