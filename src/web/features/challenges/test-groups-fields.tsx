/**
 * "Test groups" of the challenge form (issue 14 item 5): each group a name and how it scores, the
 * sum of its tests or all or nothing. A native select per group, like the checker's language, and
 * labelled buttons to add and remove, so the whole list is used with the keyboard. A group
 * imported with checker arguments of its own shows them (they are kept, not edited here).
 */
import { messages } from '../../../contract/messages.ts';
import { GROUP_SCORINGS, type GroupScoring } from '../../../contract/test-groups.ts';
import { TextField } from '../../ui/text-field.tsx';
import { newTestGroup, type TestGroupValues } from './challenge-form-values.ts';

type Props = { groups: TestGroupValues[]; onChange: (groups: TestGroupValues[]) => void };

const scoringLabels: Record<GroupScoring, string> = {
  sum: messages.groupScoringSum,
  all: messages.groupScoringAll,
};

export function TestGroupsFields({ groups, onChange }: Props) {
  const update = (index: number, patch: Partial<TestGroupValues>) =>
    onChange(groups.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{messages.testGroupsLegend}</legend>
      <p className="field__hint">{messages.testGroupsHint}</p>
      {groups.length > 0 ? (
        <ul className="test-groups">
          {groups.map((group, index) => {
            const label = `${messages.testGroupName} ${index + 1}`;
            return (
              <li key={group.key} className="test-groups__row">
                <TextField
                  label={label}
                  name="groupName"
                  spellCheck={false}
                  value={group.name}
                  onChange={(e) => update(index, { name: e.target.value })}
                />
                <label className="field">
                  <span className="field__label">
                    {messages.testGroupScoring} {index + 1}
                  </span>
                  <select
                    className="field__input field__select"
                    name="groupScoring"
                    value={group.scoring}
                    onChange={(e) => {
                      const scoring = GROUP_SCORINGS.find((s) => s === e.target.value);
                      if (scoring) update(index, { scoring });
                    }}
                  >
                    {GROUP_SCORINGS.map((s) => (
                      <option key={s} value={s}>
                        {scoringLabels[s]}
                      </option>
                    ))}
                  </select>
                </label>
                {group.checkerArgs ? (
                  <p className="field__hint test-groups__args">
                    {group.checkerArgs.length > 0
                      ? messages.testGroupCheckerArgs.replace('{args}', group.checkerArgs.join(' '))
                      : messages.testGroupCheckerArgsNone}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`${messages.removeTestGroup}: ${group.name || label}`}
                  onClick={() => onChange(groups.filter((_, i) => i !== index))}
                >
                  {messages.removeTestGroup}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onChange([...groups, newTestGroup()])}
      >
        {messages.addTestGroup}
      </button>
    </fieldset>
  );
}
