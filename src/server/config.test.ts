import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the CONTRACTS defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('.data')).toBe(true);
  });

  it('reports every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('runs the scheduled jobs unless JOBS says no (off by default under NODE_ENV=test); reminders 60 minutes ahead', () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS: 'true' }).jobs).toBe(true);
    expect(loadConfig({ JOBS: '0' }).jobs).toBe(false);
    expect(loadConfig({}).reminderMinutes).toBe(60);
    expect(loadConfig({ REMINDER_MINUTES: '15' }).reminderMinutes).toBe(15);
    expect(() => loadConfig({ REMINDER_MINUTES: '0' })).toThrow(/REMINDER_MINUTES/);
    expect(() => loadConfig({ JOBS: 'maybe' })).toThrow(/JOBS/);
  });
});
