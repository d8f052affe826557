/**
 * The test cases of a challenge, edited in the form: add, edit, reorder and remove. Each test has
 * its stdin, the expected output (a hidden test's may come from files: test-data-field.tsx),
 * whether students see it as a sample, its weight in the score (0 allowed) and, when hidden, its
 * group (test-groups.ts; the names defined below are offered).
 */
import { useLayoutEffect, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import { DEFAULT_HIDDEN_GROUP } from '../../../contract/test-groups.ts';
import { TextField } from '../../ui/text-field.tsx';
import { newTestCase, type TestCaseValues } from './challenge-form-values.ts';
import { TestDataField } from './test-data-field.tsx';

type Props = {
  tests: TestCaseValues[];
  onChange: (tests: TestCaseValues[]) => void;
  /** The group names the challenge defines, offered in each hidden test's Group field. */
  groupNames?: readonly string[];
  /** The admin's token, for the test files' upload and download. */
  token: string;
};

const GROUP_OPTIONS_ID = 'test-group-names';

export function TestCasesEditor({ tests, onChange, groupNames = [], token }: Props) {
  const update = (index: number, patch: Partial<TestCaseValues>) =>
    onChange(tests.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  // An upload ends seconds after it began: its file goes into the newest tests (the teacher may
  // have typed, reordered or finished another upload meanwhile), found by key, not by place.
  const latest = useRef({ tests, onChange });
  useLayoutEffect(() => {
    latest.current = { tests, onChange };
  });
  const patchByKey = (key: string, patch: Partial<TestCaseValues>) => {
    const next = latest.current.tests.map((t) => (t.key === key ? { ...t, ...patch } : t));
    // A second upload ending before the re-render builds on this one.
    latest.current.tests = next;
    latest.current.onChange(next);
  };
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
                <TestDataField
                  label={messages.testInput}
                  owner={messages.testDataInputOf.replace('{test}', label)}
                  downloadName={`test-${index + 1}-input.txt`}
                  text={test.input}
                  file={test.inputFile}
                  allowFile={test.hidden}
                  token={token}
                  onText={(input) => update(index, { input })}
                  onFile={(inputFile) => patchByKey(test.key, { inputFile, input: '' })}
                />
                <TestDataField
                  label={messages.testExpectedOutput}
                  owner={messages.testDataOutputOf.replace('{test}', label)}
                  downloadName={`test-${index + 1}-output.txt`}
                  text={test.expectedOutput}
                  file={test.expectedOutputFile}
                  allowFile={test.hidden}
                  token={token}
                  onText={(expectedOutput) => update(index, { expectedOutput })}
                  onFile={(expectedOutputFile) =>
                    patchByKey(test.key, { expectedOutputFile, expectedOutput: '' })
                  }
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
