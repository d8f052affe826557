import { describe, expect, it } from 'vitest';
import { accessMessages, accessRulesRequestSchema, isPasswordRefusal } from './access-rules.ts';

const base = { networks: [], password: { action: 'keep' }, sebConfigKey: null };

describe('accessRulesRequestSchema', () => {
  it('accepts ranges and addresses of both families and lower-cases the Config Key', () => {
    const parsed = accessRulesRequestSchema.parse({
      networks: [' 10.0.0.0/8 ', '192.168.1.5', '2001:db8::/32', '::1'],
      password: { action: 'set', value: '  blue-42  ' },
      sebConfigKey: 'AB'.repeat(32),
    });
    expect(parsed.networks).toEqual(['10.0.0.0/8', '192.168.1.5', '2001:db8::/32', '::1']);
    expect(parsed.password).toEqual({ action: 'set', value: 'blue-42' });
    expect(parsed.sebConfigKey).toBe('ab'.repeat(32));
  });

  it('names the line that is not a range', () => {
    const result = accessRulesRequestSchema.safeParse({ ...base, networks: ['lab-3'] });
    expect(result.error?.issues[0]?.message).toBe(
      accessMessages.invalidNetwork.replace('{value}', 'lab-3'),
    );
  });

  it('refuses a short password and a Config Key that is not 64 hex characters', () => {
    const short = accessRulesRequestSchema.safeParse({
      ...base,
      password: { action: 'set', value: 'ab' },
    });
    expect(short.error?.issues[0]?.message).toBe(accessMessages.passwordTooShort);
    const key = accessRulesRequestSchema.safeParse({ ...base, sebConfigKey: 'z'.repeat(64) });
    expect(key.error?.issues[0]?.message).toBe(accessMessages.invalidConfigKey);
  });
});

describe('isPasswordRefusal', () => {
  it('tells the password refusals from the other rules', () => {
    expect(isPasswordRefusal(accessMessages.passwordNeeded)).toBe(true);
    expect(isPasswordRefusal(accessMessages.passwordWrong)).toBe(true);
    expect(isPasswordRefusal(accessMessages.networkRefused)).toBe(false);
    expect(isPasswordRefusal(accessMessages.sebRequired)).toBe(false);
  });
});
