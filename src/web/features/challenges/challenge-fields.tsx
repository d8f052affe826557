/**
 * The fields of the add-challenge and edit-challenge forms: the spec's ten (with a time beside
 * each date, an addition of issue 32; the description with its preview and the statement's
 * images beside it, issue 31), then the judge's settings, the output comparison (an addition,
 * issue 14) and the test cases. In the edit form the id is fixed (it is what was loaded).
 */
import { difficulties, languages } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { SelectField } from '../../ui/select-field.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { ChallengeFormValues } from './challenge-form-values.ts';
import { ChallengeImagesField } from './challenge-images-field.tsx';
import { DescriptionField } from './description-field.tsx';
import type { ChallengeImages } from './use-challenge-images.ts';
import { CompareFields } from './compare-fields.tsx';
import { IntegrityFields } from './integrity-fields.tsx';
import { LanguageFields } from './language-fields.tsx';
import { TestCasesEditor } from './test-cases-editor.tsx';
import { TestGroupsFields } from './test-groups-fields.tsx';
import { worstCaseText } from './worst-case.ts';

type Props = {
  values: ChallengeFormValues;
  onChange: (values: ChallengeFormValues) => void;
  idReadOnly?: boolean;
  /** The admin's token: a hidden test's input or output can be uploaded as a file. */
  token: string;
  /** The portal's time zone, which the dates and times are read in, when an answer named it. */
  timeZone?: string | undefined;
  /** The statement renderer (features/statement) for the description's preview. */
  statementView: StatementView;
  /** The statement's images (use-challenge-images.ts). */
  images: ChallengeImages;
};

export function ChallengeFields({
  values,
  onChange,
  idReadOnly,
  token,
  timeZone,
  statementView,
  images,
}: Props) {
  const zoneHint = timeZone
    ? messages.timeZoneHint.replace('{zone}', timeZone)
    : messages.timeZoneHintUnknown;
  const set =
    (
      field: Exclude<
        keyof ChallengeFormValues,
        'testCases' | 'compare' | 'languages' | 'testGroups' | 'captureTabChanges' | 'disablePaste'
      >,
    ) =>
    (event: { target: { value: string } }) =>
      onChange({ ...values, [field]: event.target.value });

  return (
    <>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{messages.challengeDetailsLegend}</legend>
        <div className="form-grid">
          <TextField
            required
            label={messages.fieldChallengeName}
            name="challengeName"
            value={values.challengeName}
            onChange={set('challengeName')}
          />
          <TextField
            required
            label={messages.challengeIdLabel}
            name="challengeId"
            value={values.challengeId}
            readOnly={idReadOnly}
            spellCheck={false}
            autoCapitalize="none"
            onChange={set('challengeId')}
          />
          <DescriptionField
            value={values.challengeDesc}
            onChange={set('challengeDesc')}
            statementView={statementView}
            loadImage={images.loadImage}
          />
          <ChallengeImagesField images={images} />
          <SelectField
            required
            label={messages.fieldDifficulty}
            name="difficultyLev"
            value={values.difficultyLev}
            options={difficulties}
            placeholder={messages.chooseOne}
            onChange={set('difficultyLev')}
          />
          <SelectField
            required
            label={messages.fieldLanguage}
            name="language"
            value={values.language}
            options={languages}
            placeholder={messages.chooseOne}
            onChange={set('language')}
          />
          <TextField
            required
            label={messages.fieldScore}
            name="score"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={values.score}
            onChange={set('score')}
          />
          <TextField
            required
            label={messages.fieldTimeDur}
            name="timeDur"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={values.timeDur}
            onChange={set('timeDur')}
          />
          <TextField
            required
            label={messages.fieldStartDate}
            name="startDate"
            type="date"
            value={values.startDate}
            onChange={set('startDate')}
          />
          <TextField
            label={messages.fieldStartTime}
            name="startTime"
            type="time"
            step={60}
            value={values.startTime}
            hint={zoneHint}
            onChange={set('startTime')}
          />
          <TextField
            required
            label={messages.fieldEndDate}
            name="endDate"
            type="date"
            value={values.endDate}
            onChange={set('endDate')}
          />
          <TextField
            label={messages.fieldEndTime}
            name="endTime"
            type="time"
            step={60}
            value={values.endTime}
            hint={`${zoneHint}. ${messages.endTimeHint}`}
            onChange={set('endTime')}
          />
          <TextField
            required
            className="form-grid__wide"
            label={messages.fieldTags}
            name="tags"
            value={values.tags}
            onChange={set('tags')}
          />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{messages.judgeSettingsLegend}</legend>
        <div className="form-grid">
          <TextField
            label={messages.fieldTimeLimit}
            name="timeLimitSeconds"
            type="number"
            min={0.1}
            max={20}
            step={0.1}
            value={values.timeLimitSeconds}
            hint={worstCaseText(values)}
            onChange={set('timeLimitSeconds')}
          />
          <TextField
            label={messages.fieldMemoryLimit}
            name="memoryLimitMb"
            type="number"
            min={32}
            max={2048}
            step={1}
            value={values.memoryLimitMb}
            onChange={set('memoryLimitMb')}
          />
          <LanguageFields
            language={values.language}
            others={values.languages}
            onChange={(languages) => onChange({ ...values, languages })}
          />
          <TextAreaField
            code
            className="form-grid__wide"
            rows={6}
            label={messages.fieldStarterCode}
            name="starterCode"
            value={values.starterCode}
            onChange={set('starterCode')}
          />
        </div>
      </fieldset>
      <CompareFields
        values={values.compare}
        onChange={(compare) => onChange({ ...values, compare })}
      />
      <TestCasesEditor
        token={token}
        tests={values.testCases}
        groupNames={values.testGroups.map((g) => g.name.trim()).filter(Boolean)}
        onChange={(testCases) => onChange({ ...values, testCases })}
      />
      <TestGroupsFields
        groups={values.testGroups}
        onChange={(testGroups) => onChange({ ...values, testGroups })}
      />
      <IntegrityFields
        values={{ captureTabChanges: values.captureTabChanges, disablePaste: values.disablePaste }}
        onChange={(integrity) => onChange({ ...values, ...integrity })}
      />
    </>
  );
}
