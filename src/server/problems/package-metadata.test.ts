import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { PackageError } from './package-error.ts';
import {
  newYamlBudget,
  PACKAGE_INI_MAX_BYTES,
  PACKAGE_YAML_MAX_BYTES,
  PACKAGE_YAML_MAX_DEPTH,
  PACKAGE_YAML_MAX_TOKENS,
  parsePackageIni,
  parsePackageYaml,
} from './package-metadata.ts';

const yaml = (text: string, budget = newYamlBudget()) =>
  parsePackageYaml('problem.yaml', Buffer.from(text), budget);

const refusal = (run: () => unknown): PackageError => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(PackageError);
    expect((err as PackageError).status).toBe(400);
    return err as PackageError;
  }
  throw new Error('not refused');
};

const tooDeep = messages.packageMetadataTooDeep
  .replace('{file}', 'problem.yaml')
  .replace('{depth}', String(PACKAGE_YAML_MAX_DEPTH));

/** A block mapping nested `depth` deep by indentation: a: / b: / a: … */
const blockMaps = (depth: number) =>
  Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}${'ab'[i % 2]}:`).join('\n') + ' 1\n';

describe('package metadata', () => {
  it('reads real problem.yaml and testdata.yaml files as before', () => {
    expect(
      yaml(
        'name:\n  en: A plus B\nsource: NWERC\nlimits:\n  time_limit: 1\n  memory: 512\nvalidator_flags: float_tolerance 1e-6\nkeywords: [sum, easy]\n',
      ),
    ).toEqual({
      name: { en: 'A plus B' },
      source: 'NWERC',
      limits: { time_limit: 1, memory: 512 },
      validator_flags: 'float_tolerance 1e-6',
      keywords: ['sum', 'easy'],
    });
    expect(yaml('on_reject: break\naccept_score: 5\n')).toEqual({
      on_reject: 'break',
      accept_score: 5,
    });
    expect(yaml('')).toEqual({});
    expect(yaml('just text')).toEqual({});
  });

  it('takes nesting up to the limit and refuses one level more, in flow and block style', () => {
    const flow = (depth: number) => `a: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`;
    // The mapping is the first level.
    expect(() => yaml(flow(PACKAGE_YAML_MAX_DEPTH - 1))).not.toThrow();
    expect(refusal(() => yaml(flow(PACKAGE_YAML_MAX_DEPTH))).message).toBe(tooDeep);
    expect(() => yaml(blockMaps(PACKAGE_YAML_MAX_DEPTH))).not.toThrow();
    expect(refusal(() => yaml(blockMaps(PACKAGE_YAML_MAX_DEPTH + 1))).message).toBe(tooDeep);
    // Compact nested sequences: two bytes a level.
    expect(refusal(() => yaml(`${'- '.repeat(PACKAGE_YAML_MAX_DEPTH + 1)}1\n`)).message).toBe(
      tooDeep,
    );
    // Flow and block together: 20 mappings, the 21st holding 12 flow sequences.
    const mixed = `${blockMaps(20).slice(0, -3)}\n${' '.repeat(20)}x: ${'['.repeat(12)}${']'.repeat(12)}`;
    expect(() => yaml(mixed.replace('[', '').replace(']', ''))).not.toThrow();
    expect(refusal(() => yaml(mixed)).message).toBe(tooDeep);
  });

  it("refuses the reviewer's 2.5 KB file and an unclosed one from the lexer, before parsing", () => {
    // Brackets inside quotes, comments and block scalars are text, not nesting.
    expect(
      yaml(
        `name: "${'['.repeat(100)}"\n# ${'{'.repeat(100)}\ndescription: |\n  ${'['.repeat(100)}\n`,
      ),
    ).toMatchObject({ name: '['.repeat(100) });
    const budget = newYamlBudget();
    expect(refusal(() => yaml(`${'['.repeat(1250)}${']'.repeat(1250)}`, budget)).message).toBe(
      tooDeep,
    );
    // Refused at the 33rd bracket: the rest was never read.
    expect(PACKAGE_YAML_MAX_TOKENS - budget.tokens).toBeLessThanOrEqual(PACKAGE_YAML_MAX_DEPTH + 2);
    expect(refusal(() => yaml('['.repeat(5000))).message).toBe(tooDeep);
  });

  it('refuses a billion laughs by its aliases', () => {
    const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    expect(refusal(() => yaml(levels.join('\n'))).message).toMatch(
      /^problem\.yaml is not valid YAML: Excessive alias count/u,
    );
    // A few aliases are YAML like any other.
    expect(yaml('a: &x 1\nb: *x\n')).toEqual({ a: 1, b: 1 });
  });

  it('refuses a file over its size, and YAML files over their shared token budget', () => {
    const big = `# ${'x'.repeat(PACKAGE_YAML_MAX_BYTES)}\n`;
    expect(refusal(() => yaml(big)).message).toBe(
      messages.packageMetadataTooLarge.replace('{file}', 'problem.yaml').replace('{size}', '8 KB'),
    );
    const long = `[${'1,'.repeat(2000)}1]`;
    expect(refusal(() => yaml(long)).message).toBe(
      messages.packageYamlTooLong
        .replace('{file}', 'problem.yaml')
        .replace('{count}', String(PACKAGE_YAML_MAX_TOKENS)),
    );
    // One budget for a package's files: what one used, the next one lacks.
    const budget = newYamlBudget();
    const half = `[${'1,'.repeat(600)}1]`;
    expect(() => yaml(half, budget)).not.toThrow();
    expect(() => yaml(half, budget)).toThrow(PackageError);
  });

  it('refuses several documents and says where YAML is invalid', () => {
    expect(refusal(() => yaml('a: 1\n---\nb: 2\n')).message).toBe(
      `problem.yaml is not valid YAML: ${messages.packageYamlSeveralDocuments}`,
    );
    expect(refusal(() => yaml('a: [1\n')).message).toMatch(/^problem\.yaml is not valid YAML: /u);
  });

  it('reads domjudge-problem.ini lines, within its size, in linear time', () => {
    const ini = (text: string) => parsePackageIni('domjudge-problem.ini', Buffer.from(text));
    expect(
      ini('name = \'A plus B\'\ntimelimit=2\n; comment\nbad key = x\nspecial_run=""\n'),
    ).toEqual({ name: 'A plus B', timelimit: '2', special_run: '' });
    // The old pattern, \s*(.*?)\s*$, backtracked quadratically on such a line.
    expect(ini(`name=${' '.repeat(PACKAGE_INI_MAX_BYTES - 10)}x`)).toEqual({ name: 'x' });
    expect(refusal(() => ini(`name=${'x'.repeat(PACKAGE_INI_MAX_BYTES)}`)).message).toBe(
      messages.packageMetadataTooLarge
        .replace('{file}', 'domjudge-problem.ini')
        .replace('{size}', '8 KB'),
    );
  });
});
