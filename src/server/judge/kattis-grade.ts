/**
 * problemtools' default grader over a challenge's flat test list (src/contract/kattis-grading.ts):
 * the tests are put back into the package's tree (root → sample, secret → its own tests and its
 * groups, in the tests' order), every node combines what its children gave, and a node whose
 * `on_reject` is `break` stops at its first rejected child. Also answers, before a test runs,
 * whether the tree would still judge it (the judge skips it otherwise, as Kattis does).
 */
import type { KattisGrading, KattisNode } from '../../contract/kattis-grading.ts';
import { DEFAULT_HIDDEN_GROUP, SAMPLE_GROUP } from '../../contract/test-groups.ts';
import type { Verdict } from '../../contract/verdicts.ts';

export interface GradedTest {
  verdict: Verdict;
  /** Its group (test-groups.ts groupOf): `sample`, `secret` or a group under secret. */
  group: string;
  /** A checker's share of the test's score (score.txt); 1 when absent. */
  fraction?: number | undefined;
}

type Code = 'JE' | 'RTE' | 'MLE' | 'TLE' | 'OLE' | 'WA' | 'AC';
/** problemtools' worst-first order (IF and PE never occur here). */
const WORST_FIRST: readonly Code[] = ['JE', 'RTE', 'MLE', 'TLE', 'OLE', 'WA', 'AC'];

const CODES: Partial<Record<Verdict, Code>> = {
  Accepted: 'AC',
  'Wrong Answer': 'WA',
  'Time Limit Exceeded': 'TLE',
  'Memory Limit Exceeded': 'MLE',
  'Output Limit Exceeded': 'OLE',
  'Runtime Error': 'RTE',
  'Internal Error': 'JE',
};
const codeOf = (v: Verdict): Code => CODES[v] ?? 'JE';

interface Outcome {
  code: Code;
  /** The portal's verdict behind the code (the first test that gave it). */
  verdict: Verdict;
  score: number;
}

interface Leaf {
  kind: 'test';
  index: number;
}
interface Node {
  kind: 'node';
  settings: KattisNode;
  children: (Leaf | Node)[];
  /** The portal's group whose tests are its leaves (not the root). */
  name?: string;
}

/** The package's tree for a list of tests' groups (in the tests' order). */
function treeOf(groups: readonly string[], grading: KattisGrading): Node {
  const sample: Node = { kind: 'node', settings: grading.sample, children: [], name: SAMPLE_GROUP };
  const secret: Node = {
    kind: 'node',
    settings: grading.secret,
    children: [],
    name: DEFAULT_HIDDEN_GROUP,
  };
  const named = new Map<string, Node>();
  for (const [index, group] of groups.entries()) {
    const leaf: Leaf = { kind: 'test', index };
    if (group === SAMPLE_GROUP) sample.children.push(leaf);
    else if (group === DEFAULT_HIDDEN_GROUP) secret.children.push(leaf);
    else {
      let node = named.get(group);
      if (!node) {
        node = {
          kind: 'node',
          settings: grading.groups[group] ?? grading.secret,
          children: [],
          name: group,
        };
        named.set(group, node);
        secret.children.push(node);
      }
      node.children.push(leaf);
    }
  }
  return {
    kind: 'node',
    settings: grading.root,
    children: [...(sample.children.length > 0 ? [sample] : []), secret],
  };
}

function aggregateVerdict(settings: KattisNode, outcomes: readonly Outcome[]): Outcome['code'] {
  if (settings.acceptIfAnyAccepted && outcomes.some((o) => o.code === 'AC')) return 'AC';
  if (settings.verdict === 'always_accept') return 'AC';
  if (settings.verdict === 'first_error')
    return outcomes.find((o) => o.code !== 'AC')?.code ?? 'AC';
  let worst: Code = 'AC';
  for (const o of outcomes)
    if (WORST_FIRST.indexOf(o.code) < WORST_FIRST.indexOf(worst)) worst = o.code;
  return worst;
}

function aggregateScore(settings: KattisNode, scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  switch (settings.aggregate) {
    case 'min':
      return Math.min(...scores);
    case 'max':
      return Math.max(...scores);
    case 'avg':
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    default:
      return scores.reduce((a, b) => a + b, 0);
  }
}

/** A node's outcome; `scores` per node name collected on the way (the groups' points). */
function evaluate(
  node: Node,
  leafOutcome: (index: number, parent: KattisNode) => Outcome | null,
  scores: Map<string, number>,
): Outcome {
  const outcomes: Outcome[] = [];
  for (const child of node.children) {
    const o =
      child.kind === 'test'
        ? leafOutcome(child.index, node.settings)
        : evaluate(child, leafOutcome, scores);
    if (!o) break; // not run: only ever after a rejection that stopped this node
    outcomes.push(o);
    if (node.settings.onReject === 'break' && o.code !== 'AC') break;
  }
  // With ignore_sample (the root's flag only, though its children inherit it in problemtools'
  // configuration), the sample's outcome was judged but counts for nothing.
  const counted =
    node.name === undefined && node.settings.ignoreSample && node.children.length > 1
      ? outcomes.slice(-1)
      : outcomes;
  const code = aggregateVerdict(node.settings, counted);
  const score = aggregateScore(
    node.settings,
    counted.map((o) => o.score),
  );
  if (node.name) scores.set(node.name, score);
  const verdict =
    code === 'AC'
      ? 'Accepted'
      : (counted.find((o) => o.code === code)?.verdict ?? 'Internal Error');
  return { code, verdict, score };
}

export interface KattisGrade {
  verdict: Verdict;
  /** The root's score, and the root's score had every test been accepted. */
  score: number;
  maxScore: number;
  /** Per node name (`sample`, `secret`, each group): its score and its score at best. */
  groups: Map<string, { score: number; maxScore: number }>;
}

export function kattisGrade(results: readonly GradedTest[], grading: KattisGrading): KattisGrade {
  const tree = treeOf(
    results.map((r) => r.group),
    grading,
  );
  const scores = new Map<string, number>();
  const best = new Map<string, number>();
  const got = evaluate(
    tree,
    (index, parent) => {
      const r = results[index];
      if (!r || r.verdict === 'Skipped') return null;
      const code = codeOf(r.verdict);
      const share = Math.min(1, Math.max(0, r.fraction ?? 1));
      return {
        code,
        verdict: r.verdict,
        score: code === 'AC' ? parent.acceptScore * share : parent.rejectScore,
      };
    },
    scores,
  );
  const top = evaluate(
    tree,
    (_, parent) => ({ code: 'AC', verdict: 'Accepted', score: parent.acceptScore }),
    best,
  );
  const groups = new Map<string, { score: number; maxScore: number }>();
  for (const [name, maxScore] of best) groups.set(name, { score: scores.get(name) ?? 0, maxScore });
  return { verdict: got.verdict, score: got.score, maxScore: top.score, groups };
}

/**
 * Whether test `index` is still judged once the tests before it ended as `before` says: not when
 * a node on its way from the root has `on_reject: break` and an earlier child of that node was
 * rejected (a test, or a whole group by its own verdict).
 */
export function kattisStillJudged(
  groups: readonly string[],
  index: number,
  before: readonly GradedTest[],
  grading: KattisGrading,
): boolean {
  const contains = (item: Leaf | Node): boolean =>
    item.kind === 'test' ? item.index === index : item.children.some(contains);
  const leafOutcome = (i: number, parent: KattisNode): Outcome | null => {
    const r = before[i];
    if (!r || r.verdict === 'Skipped') return null;
    const code = codeOf(r.verdict);
    return {
      code,
      verdict: r.verdict,
      score: code === 'AC' ? parent.acceptScore : parent.rejectScore,
    };
  };
  const rejected = (item: Leaf | Node): boolean =>
    item.kind === 'test'
      ? (before[item.index]?.verdict ?? 'Skipped') !== 'Accepted'
      : evaluate(item, leafOutcome, new Map()).code !== 'AC';
  let node: Node | undefined = treeOf(groups, grading);
  while (node) {
    const at: number = node.children.findIndex(contains);
    if (at < 0) return false;
    if (node.settings.onReject === 'break' && node.children.slice(0, at).some(rejected))
      return false;
    const next: Leaf | Node | undefined = node.children[at];
    node = next?.kind === 'node' ? next : undefined;
  }
  return true;
}
