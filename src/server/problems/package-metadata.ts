/**
 * The metadata files of an uploaded problem package (problem.yaml, testdata.yaml,
 * domjudge-problem.ini) parsed with limits, so that what a teacher's (or an attacker's) upload
 * holds cannot stall the server. The `yaml` package composes nested collections by recursion: a
 * 2.5 KB `[[[[…` blew its stack and blocked every request for about 2 s, leaving ~500 MB behind
 * (in a bare process the second such parse aborted Node with a fatal out-of-memory in V8's RegExp
 * compiler). So, before the library builds anything:
 *
 * 1. the size: real problem.yaml files are under 2 KB, testdata.yaml a few lines; `yaml` parses
 *    slowly (8 KB of `[1,1,1,…]`: ~50 ms warm, 250 ms on a fresh server), so 8 KB per file and
 *    16 KB for all of a package's YAML bound what the lexer reads;
 * 2. the length in tokens and the flow nesting, from the library's own lexer (linear, no
 *    recursion, stopped at the first excess): the `[[[[…` attack is refused in microseconds,
 *    before the parser even runs;
 * 3. the nesting of every collection, from the parser's concrete syntax tree (built with an
 *    explicit stack, walked here with one): block maps and sequences nested by indentation or
 *    by `- - - …`;
 * 4. aliases: `maxAliasCount`, against a "billion laughs" of anchors expanding each other.
 *
 * Only then does the composer (the recursive part) run, on the tree already parsed. Every refusal
 * is a PackageError (400) with a message of the catalogue.
 */
import { Composer, CST, Lexer, Parser } from 'yaml';
import { messages } from '../../contract/messages.ts';
import { PackageError } from './package-error.ts';

export const PACKAGE_YAML_MAX_BYTES = 8 * 1024;
/** problem.yaml and every testdata.yaml of a package together. */
export const PACKAGE_YAML_TOTAL_MAX_BYTES = 16 * 1024;
export const PACKAGE_INI_MAX_BYTES = 8 * 1024;
/** Real metadata nests 3 or 4 deep; the composer's recursion overflowed from ~800. */
export const PACKAGE_YAML_MAX_DEPTH = 32;
/** Real metadata uses none; a billion laughs needs thousands. */
export const PACKAGE_YAML_MAX_ALIASES = 16;

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [k, v]) => text.replaceAll(`{${k}}`, String(v)), template);

const tooDeep = (path: string) =>
  new PackageError(
    fill(messages.packageMetadataTooDeep, { file: path, depth: PACKAGE_YAML_MAX_DEPTH }),
  );

/**
 * What a package's YAML files may cost together: the tokens the lexer yields (keys, values,
 * punctuation, spaces), which the parser's and composer's work follows. A real problem.yaml is
 * 100-300; the composer takes ~4 µs per token once warm and ~20 µs on a fresh server, so 3000
 * keep a whole package within ~15 ms warm (about 60 ms cold, for the worst content).
 */
export const PACKAGE_YAML_MAX_TOKENS = 3000;

/** The tokens a package's YAML files may still use (one budget shared by its files). */
export interface YamlBudget {
  tokens: number;
}

export const newYamlBudget = (): YamlBudget => ({ tokens: PACKAGE_YAML_MAX_TOKENS });

/**
 * The library's lexer over the source (linear, no recursion), stopped as soon as the flow
 * collections (`[`, `{`) nest too deep or the budget runs out: the `[[[[…` attack is refused
 * after 33 tokens, before the parser runs.
 */
function lexWithin(path: string, source: string, budget: YamlBudget): void {
  let depth = 0;
  for (const token of new Lexer().lex(source)) {
    if (--budget.tokens < 0)
      throw new PackageError(
        fill(messages.packageYamlTooLong, { file: path, count: PACKAGE_YAML_MAX_TOKENS }),
      );
    const type = CST.tokenType(token);
    if (type === 'flow-seq-start' || type === 'flow-map-start') {
      if (++depth > PACKAGE_YAML_MAX_DEPTH) throw tooDeep(path);
    } else if (type === 'flow-seq-end' || type === 'flow-map-end') depth = Math.max(0, depth - 1);
  }
}

/** How many collections nest in a parsed syntax tree at most, walked without recursion. */
function treeDepth(tokens: readonly CST.Token[]): number {
  let max = 0;
  const stack: [CST.Token | null | undefined, number][] = tokens.map((t) => [t, 0]);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [token, depth] = next;
    if (!token) continue;
    if (token.type === 'document') stack.push([token.value, depth]);
    else if (
      token.type === 'block-map' ||
      token.type === 'block-seq' ||
      token.type === 'flow-collection'
    ) {
      max = Math.max(max, depth + 1);
      for (const item of token.items as CST.CollectionItem[])
        stack.push([item.key, depth + 1], [item.value, depth + 1]);
    }
  }
  return max;
}

/** Refuses a metadata file over `max` bytes before it is read as text. */
export function assertMetadataSize(path: string, bytes: number, max: number): void {
  if (bytes > max)
    throw new PackageError(
      fill(messages.packageMetadataTooLarge, { file: path, size: `${max / 1024} KB` }),
    );
}

/** A package's YAML file as a mapping ({} when it holds a scalar, a list or nothing). */
export function parsePackageYaml(
  path: string,
  bytes: Buffer,
  budget: YamlBudget = newYamlBudget(),
): Record<string, unknown> {
  assertMetadataSize(path, bytes.length, PACKAGE_YAML_MAX_BYTES);
  const source = bytes.toString('utf8');
  lexWithin(path, source, budget);
  const tokens = [...new Parser().parse(source)];
  if (treeDepth(tokens) > PACKAGE_YAML_MAX_DEPTH) throw tooDeep(path);
  const invalid = (reason: string) =>
    new PackageError(fill(messages.packageYamlInvalid, { file: path, reason: reason.trim() }));
  const [doc, extra] = new Composer().compose(tokens, true, source.length);
  if (!doc) return {};
  if (extra) throw invalid(messages.packageYamlSeveralDocuments);
  const [error] = doc.errors;
  if (error) throw invalid(error.message.split('\n')[0] ?? '');
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: PACKAGE_YAML_MAX_ALIASES });
  } catch (err) {
    // The alias count is checked while aliases are resolved, here.
    throw invalid((err as Error).message);
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * domjudge-problem.ini: `key = value` lines, values maybe quoted. Split at the first `=` rather
 * than matched by one pattern: `\s*(.*?)\s*$` backtracked quadratically on a line of spaces.
 */
export function parsePackageIni(path: string, bytes: Buffer): Record<string, string> {
  assertMetadataSize(path, bytes.length, PACKAGE_INI_MAX_BYTES);
  const out: Record<string, string> = {};
  for (const line of bytes.toString('utf8').split(/\r?\n/u)) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const key = line.slice(0, at).trim();
    if (!/^[A-Za-z_]+$/u.test(key)) continue;
    out[key.toLowerCase()] = line
      .slice(at + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/u, '$2');
  }
  return out;
}
