/**
 * The live strength label of every new password (spec §5 tiers: the reset page's, also the
 * activation, invitation and one-time-password pages). The tier is written out in words and
 * drawn as 1–4 filled bars, so colour is never the only signal; the words sit in a polite live
 * region, so a screen reader hears the tier when it changes, not on every keystroke.
 */
import { messages } from '../../contract/messages.ts';
import {
  passwordStrength,
  strengthLabels,
  strengthTiers,
} from '../../contract/password-strength.ts';
import './strength-meter.css';

export function StrengthMeter({ password, id }: { password: string; id: string }) {
  const tier = passwordStrength(password);
  const filled = password === '' ? 0 : strengthTiers.indexOf(tier) + 1;
  const label = strengthLabels[tier];
  return (
    <div className="strength" data-tier={password === '' ? 'empty' : tier}>
      <div
        className="strength__bars"
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={strengthTiers.length}
        aria-valuenow={filled}
        aria-valuetext={label}
      >
        {strengthTiers.map((t, i) => (
          <span
            key={t}
            className={i < filled ? 'strength__bar strength__bar--on' : 'strength__bar'}
          />
        ))}
      </div>
      <p id={`${id}-label`} className="strength__label" aria-live="polite" aria-atomic="true">
        {messages.passwordStrength}: <strong data-testid="strength-tier">{label}</strong>
      </p>
    </div>
  );
}
