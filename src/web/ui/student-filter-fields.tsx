/**
 * The filters the Results and Students tables share: a search on name or e-mail and the year,
 * branch and college of the roster, each a labelled native control. Views add their own fields
 * as children (Results: who started; Students: claimed accounts).
 */
import type { ReactNode } from 'react';
import type { StudentFilterOptions } from '../../contract/results.ts';
import { messages } from '../../contract/messages.ts';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';
import './data-table.css';

export type StudentFilterValues = { q: string; year: string; branch: string; college: string };
export const NO_STUDENT_FILTERS: StudentFilterValues = { q: '', year: '', branch: '', college: '' };

type Props = {
  values: StudentFilterValues;
  /** Null while the choices load: the selects then offer only "Any". */
  options: StudentFilterOptions | null;
  onChange: (change: Partial<StudentFilterValues>) => void;
  onClear: () => void;
  children?: ReactNode;
};

export function StudentFilterFields({ values, options, onChange, onClear, children }: Props) {
  return (
    <div className="filters" role="group" aria-label={messages.filtersLabel}>
      <TextField
        className="filters__search"
        label={messages.filterSearch}
        type="search"
        name="q"
        autoComplete="off"
        spellCheck={false}
        value={values.q}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <SelectField
        label={messages.filterYear}
        name="year"
        value={values.year}
        options={withCurrent(options?.years, values.year)}
        placeholder={messages.filterAny}
        onChange={(e) => onChange({ year: e.target.value })}
      />
      <SelectField
        label={messages.filterBranch}
        name="branch"
        value={values.branch}
        options={withCurrent(options?.branches, values.branch)}
        placeholder={messages.filterAny}
        onChange={(e) => onChange({ branch: e.target.value })}
      />
      <SelectField
        label={messages.filterCollege}
        name="college"
        value={values.college}
        options={withCurrent(options?.colleges, values.college)}
        placeholder={messages.filterAny}
        onChange={(e) => onChange({ college: e.target.value })}
      />
      {children}
      <button type="button" className="button button--ghost filters__clear" onClick={onClear}>
        {messages.clearFilters}
      </button>
    </div>
  );
}

/** The chosen value stays selectable even if the list no longer has it (its students left). */
function withCurrent(list: readonly string[] | undefined, current: string): readonly string[] {
  const values = list ?? [];
  return current === '' || values.includes(current) ? values : [current, ...values];
}
