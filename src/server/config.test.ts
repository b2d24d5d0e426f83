import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
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

  it('keeps uploaded files under DATA_DIR/files unless FILES_S3_BUCKET names a bucket', () => {
    const disk = loadConfig({ DATA_DIR: '/srv/opsdesk' }).files;
    expect(disk).toEqual({ kind: 'disk', dir: '/srv/opsdesk/files' });
    expect(loadConfig({ FILES_S3_BUCKET: 'opsdesk-files' }).files).toEqual({
      kind: 's3',
      bucket: 'opsdesk-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        FILES_S3_BUCKET: 'opsdesk-files',
        FILES_S3_ENDPOINT: 'http://127.0.0.1:9000',
        FILES_S3_REGION: 'eu-west-3',
        FILES_S3_ACCESS_KEY_ID: 'key',
        FILES_S3_SECRET_ACCESS_KEY: 'secret',
      }).files,
    ).toEqual({
      kind: 's3',
      bucket: 'opsdesk-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        FILES_S3_BUCKET: 'b-1',
        FILES_S3_ENDPOINT: 'https://s3.example.com',
        FILES_S3_FORCE_PATH_STYLE: 'false',
      }).files,
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses incomplete or malformed S3 settings, naming each variable', () => {
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /FILES_S3_BUCKET: required when FILES_S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ FILES_S3_BUCKET: 'files', FILES_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /FILES_S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => loadConfig({ FILES_S3_BUCKET: 'Not_A_Bucket' })).toThrow(/FILES_S3_BUCKET/);
    expect(() => loadConfig({ FILES_S3_BUCKET: 'files', FILES_S3_ENDPOINT: 'ftp://x' })).toThrow(/FILES_S3_ENDPOINT/);
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
