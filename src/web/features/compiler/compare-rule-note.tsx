/**
 * Which rule compared the outputs (issue 14), under a result: a student whose answer differs only
 * in spacing or case reads here whether that counted.
 */
import { describeCompareRule } from '../../../contract/compare-rule-text.ts';
import type { CompareRule } from '../../../contract/compare-rule.ts';

export function CompareRuleNote({ rule }: { rule: CompareRule | undefined }) {
  if (!rule) return null;
  return (
    <p className="muted" data-testid="compare-rule">
      {describeCompareRule(rule)}
    </p>
  );
}
