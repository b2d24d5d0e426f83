import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('redactUrl', () => {
  it('hides reset tokens in page URLs and tRPC inputs', () => {
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    const trpc = `/trpc/auth.checkResetToken?input=${encodeURIComponent(JSON.stringify({ token: 'sekret' }))}`;
    expect(redactUrl(trpc)).not.toContain('sekret');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/apps/users?q=ana&page=2')).toBe('/api/apps/users?q=ana&page=2');
    expect(redactUrl('/login')).toBe('/login');
  });
});
