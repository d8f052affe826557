/**
 * The test cases of a challenge, edited in the form: add, edit, reorder and remove. Each test has
 * its stdin, the expected output, whether students see it as a sample, its weight in the score
 * (0 allowed) and, when hidden, its group (test-groups.ts; the names defined below are offered).
 */
import { messages } from '../../../contract/messages.ts';
import { DEFAULT_HIDDEN_GROUP } from '../../../contract/test-groups.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { newTestCase, type TestCaseValues } from './challenge-form-values.ts';

type Props = {
  tests: TestCaseValues[];
  onChange: (tests: TestCaseValues[]) => void;
  /** The group names the challenge defines, offered in each hidden test's Group field. */
  groupNames?: readonly string[];
};

const GROUP_OPTIONS_ID = 'test-group-names';

export function TestCasesEditor({ tests, onChange, groupNames = [] }: Props) {
  const update = (index: number, patch: Partial<TestCaseValues>) =>
    onChange(tests.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...tests];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{messages.testCasesLegend}</legend>
      <ol className="test-cases">
        {tests.map((test, index) => {
          const label = `${messages.testCaseLabel} ${index + 1}`;
          return (
            <li key={test.key} className="test-case" aria-label={label}>
              <div className="test-case__header">
                <h3 className="test-case__title">{label}</h3>
                <div className="test-case__tools">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`${messages.moveUp}: ${label}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`${messages.moveDown}: ${label}`}
                    disabled={index === tests.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`${messages.removeTestCase}: ${label}`}
                    onClick={() => onChange(tests.filter((_, i) => i !== index))}
                  >
                    {messages.removeTestCase}
                  </button>
                </div>
              </div>
              <div className="test-case__io">
                <TextAreaField
                  code
                  rows={3}
                  label={messages.testInput}
                  value={test.input}
                  onChange={(e) => update(index, { input: e.target.value })}
                />
                <TextAreaField
                  code
                  rows={3}
                  label={messages.testExpectedOutput}
                  value={test.expectedOutput}
                  onChange={(e) => update(index, { expectedOutput: e.target.value })}
                />
              </div>
              <div className="test-case__meta">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={test.hidden}
                    onChange={(e) => update(index, { hidden: e.target.checked })}
                  />
                  {messages.testHidden}
                </label>
                <TextField
                  className="field--narrow"
                  label={messages.testWeight}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  value={test.weight}
                  onChange={(e) => update(index, { weight: e.target.value })}
                />
                {test.hidden ? (
                  <TextField
                    className="field--narrow"
                    label={messages.testGroupField}
                    name="group"
                    list={GROUP_OPTIONS_ID}
                    spellCheck={false}
                    placeholder={DEFAULT_HIDDEN_GROUP}
                    value={test.group}
                    onChange={(e) => update(index, { group: e.target.value })}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <datalist id={GROUP_OPTIONS_ID}>
        {groupNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onChange([...tests, newTestCase()])}
      >
        {messages.addTestCaseButton}
      </button>
    </fieldset>
  );
}
