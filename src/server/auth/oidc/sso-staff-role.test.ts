import { describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../config.ts';
import { ssoStaffRole } from './sso-accounts.ts';

const oidc: OidcConfig = {
  issuer: 'https://idp.college.test',
  clientId: 'portal',
  clientSecret: 'secret',
  allowedDomains: [],
  adminEmails: ['dean@college.test'],
  adminGroup: 'portal-owners',
  teacherGroup: 'faculty',
  assistantGroup: 'tas',
  buttonLabel: 'campus account',
};
const who = (email: string, groups: string[]) => ({
  email,
  emailVerified: true,
  name: undefined,
  groups,
});

describe('the staff role a campus directory gives', () => {
  it('makes owners of the named emails and the owners group, whatever else they are in', () => {
    expect(ssoStaffRole(who('dean@college.test', []), oidc)).toBe('owner');
    expect(ssoStaffRole(who('a@college.test', ['tas', 'portal-owners']), oidc)).toBe('owner');
  });

  it('makes teachers before assistants, and nobody staff without a group', () => {
    expect(ssoStaffRole(who('t@college.test', ['tas', 'faculty']), oidc)).toBe('teacher');
    expect(ssoStaffRole(who('ta@college.test', ['tas']), oidc)).toBe('assistant');
    expect(ssoStaffRole(who('s@college.test', ['students']), oidc)).toBeUndefined();
    expect(
      ssoStaffRole(who('t@college.test', ['faculty']), { ...oidc, teacherGroup: undefined }),
    ).toBeUndefined();
  });
});
