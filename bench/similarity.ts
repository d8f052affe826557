/**
 * The similarity report (issue 17): 500 submissions of about 200 lines each, every student's own
 * program made from a shared pool of statement shapes (so they share idioms, as real solutions
 * of one problem do) with a few copied pairs among them. Goal: the whole report, from source to
 * ranked pairs, in under 5 s on a cold start; printed with its ratio to tokenising the same files
 * alone (the parser's share), measured in the same run.
 */
import { similarityReport, type Program } from '../src/server/integrity/similarity/compare.ts';
import { tokenize } from '../src/server/integrity/similarity/tokenize.ts';

const SUBMISSIONS = 500;
const LINES = 200;
const GOAL_MS = 5_000;

/** A small deterministic generator (mulberry32), so every run judges the same files. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One student's program: functions of random statements over random expressions. Identifiers and
 * literals are one token each to the report, so programs differ by their shapes and operators,
 * as different people's solutions do.
 */
function program(seed: number): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const name = () => pick(['a', 'b', 'c', 'total', 'items', 'x', 'y', 'count']);
  const expression = (depth: number): string => {
    if (depth === 0 || next() < 0.3)
      return next() < 0.6 ? name() : String(Math.floor(next() * 100));
    const kind = Math.floor(next() * 4);
    if (kind === 0) return `${pick(['len', 'abs', 'min', 'max'])}(${expression(depth - 1)})`;
    if (kind === 1)
      return `(${expression(depth - 1)} ${pick(['+', '-', '*', '//', '%'])} ${expression(depth - 1)})`;
    if (kind === 2) return `${name()}[${expression(depth - 1)}]`;
    return `${expression(depth - 1)} ${pick(['+', '-', '*'])} ${expression(depth - 1)}`;
  };
  const condition = () =>
    `${expression(2)} ${pick(['<', '>', '<=', '>=', '==', '!='])} ${expression(1)}`;
  const statement = (indent: string): string[] => {
    const kind = Math.floor(next() * 6);
    if (kind === 0)
      return [
        `${indent}for ${name()} in range(${expression(1)}):`,
        `${indent}    ${name()} ${pick(['+=', '-=', '='])} ${expression(2)}`,
      ];
    if (kind === 1)
      return [`${indent}if ${condition()}:`, `${indent}    ${name()}.append(${expression(2)})`];
    if (kind === 2)
      return [`${indent}while ${condition()}:`, `${indent}    ${name()} = ${expression(2)}`];
    if (kind === 3) return [`${indent}print(${expression(2)}, ${expression(1)})`];
    return [`${indent}${name()} = ${expression(3)}`];
  };
  const lines = ['import sys', ''];
  let f = 0;
  while (lines.length < LINES) {
    lines.push(`def step_${f}(${name()}, ${name()}):`);
    f += 1;
    for (let s = 0; s < 6; s += 1) lines.push(...statement('    '));
    lines.push(`    return ${expression(2)}`, '');
  }
  return lines.join('\n');
}

export async function reportSimilarityBenchmark(): Promise<number> {
  const programs: Program[] = Array.from({ length: SUBMISSIONS }, (_, i) => ({
    id: `student-${i}`,
    language: 'python' as const,
    // Every 50th student handed in the previous one's program.
    source: program(i % 50 === 49 ? i - 1 : i),
  }));
  const started = performance.now();
  const pairs = similarityReport(programs, { threshold: 0.5 });
  const reportMs = performance.now() - started;
  const tokenStart = performance.now();
  let tokens = 0;
  for (const p of programs) tokens += tokenize(p.language, p.source).length;
  const tokenizeMs = performance.now() - tokenStart;
  const met = reportMs < GOAL_MS;
  console.log(`\nSimilarity report: ${SUBMISSIONS} Python submissions of ${LINES} lines`);
  console.table([
    {
      'tokenise alone': `${tokenizeMs.toFixed(0)} ms (${tokens} tokens)`,
      'whole report (cold)': `${reportMs.toFixed(0)} ms`,
      'report / tokenise': `${(reportMs / tokenizeMs).toFixed(2)}x`,
      'pairs ≥ 0.5': pairs.length,
      goal: `< ${GOAL_MS} ms`,
      met: met ? 'yes' : 'NO',
    },
  ]);
  return met ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await reportSimilarityBenchmark();
