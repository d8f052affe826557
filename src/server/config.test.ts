import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      judgeSandbox: 'bwrap',
      timeZone: 'UTC',
      trustProxy: false,
      sessionTtlSeconds: 12 * 3600,
      loginLimits: { perAccount: 10, perIp: 300, windowSeconds: 900 },
      unknownClientBudget: { failures: 20, windowSeconds: 3600 },
    });
    expect(config.judgeConcurrency).toBeGreaterThan(0);
  });

  it('reads the variables and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://exam.college.edu/',
      DATABASE_URL: '',
      TRUST_PROXY: 'true',
      JUDGE_SANDBOX: 'none',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://exam.college.edu');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(true);
    expect(config.judgeSandbox).toBe('none');
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', JUDGE_SANDBOX: 'docker' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', JUDGE_SANDBOX: 'docker' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('JWT_SECRET must be at least 32 characters');
      expect(text).toContain('JUDGE_SANDBOX');
    }
  });

  it('refuses a judge folder inside the private DATA_DIR, which boxes cannot enter', () => {
    expect(() =>
      loadConfig({ DATA_DIR: '/srv/portal', JUDGE_WORK_DIR: '/srv/portal/judge' }),
    ).toThrow('JUDGE_WORK_DIR (/srv/portal/judge) must not be inside DATA_DIR (/srv/portal)');
    expect(
      loadConfig({ DATA_DIR: '/srv/portal', JUDGE_WORK_DIR: '/srv/portal-judge' }).judge.workDir,
    ).toBe('/srv/portal-judge');
  });

  it("takes TRUST_PROXY as a flag or as the proxies' addresses and ranges (issue 30)", () => {
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::1 fd00::/8,loopback' }).trustProxy).toEqual([
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['maybe', '10.0.0.0/33', '300.1.1.1', 'proxy.campus.edu', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
    }
  });

  it("reads the unknown clients' budget, 0 turning it off", () => {
    const config = loadConfig({ LOGIN_UNKNOWN_FAILURES_PER_HOUR: '0' });
    expect(config.unknownClientBudget.failures).toBe(0);
    expect(() => loadConfig({ LOGIN_UNKNOWN_FAILURES_PER_HOUR: '-1' })).toThrow(ConfigError);
  });
});
