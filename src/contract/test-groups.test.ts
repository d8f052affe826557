import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { groupOf, groupsProblem, scoringOf } from './test-groups.ts';

describe('test groups', () => {
  it('puts samples in sample and hidden tests in their group or secret', () => {
    expect(groupOf({ hidden: false, group: 'small' })).toBe('sample');
    expect(groupOf({ hidden: true })).toBe('secret');
    expect(groupOf({ hidden: true, group: ' ' })).toBe('secret');
    expect(groupOf({ hidden: true, group: 'small' })).toBe('small');
  });

  it('sums a group that is not defined', () => {
    const groups = [{ name: 'small', scoring: 'all' as const }];
    expect(scoringOf(groups, 'small')).toBe('all');
    expect(scoringOf(groups, 'secret')).toBe('sum');
  });

  it('finds a name defined twice and a test naming a group not defined', () => {
    const small = { name: 'small', scoring: 'all' as const };
    expect(groupsProblem([small, { ...small, scoring: 'sum' }], [])).toBe(
      'The test group small is defined twice',
    );
    expect(groupsProblem([small], [{ hidden: true, group: 'smal' }])).toBe(
      messages.testGroupUnknown.replace('{test}', '1').replace('{group}', 'smal'),
    );
    // secret needs no definition; a sample's group name is not looked at.
    expect(
      groupsProblem(
        [small],
        [
          { hidden: true, group: 'secret' },
          { hidden: false, group: 'anything' },
          { hidden: true, group: 'small' },
        ],
      ),
    ).toBeUndefined();
  });
});
