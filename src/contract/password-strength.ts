/**
 * The password-strength tiers of spec §5, shared by the reset page's live label and the server's
 * re-check, so both always agree. Diversity counts how many of four kinds appear: lowercase,
 * uppercase, digit and symbol (any other character, a space included). Letters are judged by
 * Unicode case, and length counts characters (code points), not UTF-16 units.
 */
import { messages } from './messages.ts';

export const strengthTiers = ['tooWeak', 'weak', 'medium', 'strong'] as const;
export type StrengthTier = (typeof strengthTiers)[number];

/** The spec's tier names, as shown on screen. */
export const strengthLabels: Record<StrengthTier, string> = {
  tooWeak: messages.strengthTooWeak,
  weak: messages.strengthWeak,
  medium: messages.strengthMedium,
  strong: messages.strengthStrong,
};

const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u];

/** How many of lowercase, uppercase, digit and symbol the password contains (0–4). */
export function characterKinds(password: string): number {
  return kinds.filter((kind) => kind.test(password)).length;
}

export function passwordStrength(password: string): StrengthTier {
  const diversity = characterKinds(password);
  const length = [...password].length;
  if (diversity >= 4 && length >= 12) return 'strong';
  if (diversity >= 4 && length >= 10) return 'medium';
  if (diversity >= 2 && length >= 8) return 'weak';
  return 'tooWeak';
}

/** A new password must rate Medium or Strong, else 'Set a strong password' (spec §5). */
export function isStrongEnough(password: string): boolean {
  const tier = passwordStrength(password);
  return tier === 'medium' || tier === 'strong';
}
