// Stored URLs: only http(s) links (and raster inline images for avatars), never script-running schemes.
import { describe, expect, it } from 'vitest';
import { ZCreateCalendarEventInput } from './calendar.ts';
import { zHttpUrl, zImageUrl } from './common.ts';
import { ZCreateDemoUserInput } from './demo-users.ts';
import { ZUpdateUserInput } from './users.ts';

const SCRIPTING = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  '/relative/path',
];

describe('zHttpUrl', () => {
  it('accepts http and https addresses, trimmed', () => {
    expect(zHttpUrl().parse('https://example.com/meet?id=1')).toBe('https://example.com/meet?id=1');
    expect(zHttpUrl().parse('  http://intranet.local:8080/a  ')).toBe('http://intranet.local:8080/a');
  });

  it('refuses every other scheme and relative addresses', () => {
    for (const value of SCRIPTING) expect(zHttpUrl().safeParse(value).success, value).toBe(false);
  });
});

describe('zImageUrl', () => {
  it('accepts http(s) and raster data images, not SVG or HTML', () => {
    expect(zImageUrl(1000).safeParse('data:image/png;base64,iVBORw0KGgo=').success).toBe(true);
    expect(zImageUrl(1000).safeParse('https://cdn.example/a.png').success).toBe(true);
    for (const value of SCRIPTING) expect(zImageUrl(1000).safeParse(value).success, value).toBe(false);
  });
});

describe('stored URL fields', () => {
  const event = { title: 'Visit', start: '2026-11-25T09:00:00.000Z', extendedProps: { calendar: 'Business' } };

  it('calendar event url: http(s) or empty, errors on the url field', () => {
    expect(ZCreateCalendarEventInput.parse({ ...event, url: 'https://meet.example/abc' }).url).toBe(
      'https://meet.example/abc',
    );
    expect(ZCreateCalendarEventInput.parse({ ...event, url: '' }).url).toBe('');
    for (const url of SCRIPTING) {
      const result = ZCreateCalendarEventInput.safeParse({ ...event, url });
      expect(result.success, url).toBe(false);
      expect(
        result.error?.issues.map((i) => i.path.join('.')),
        url,
      ).toContain('url');
    }
  });

  it('user avatar and demo user avatar', () => {
    expect(ZUpdateUserInput.safeParse({ id: 1, avatar: 'javascript:alert(1)' }).success).toBe(false);
    expect(ZUpdateUserInput.safeParse({ id: 1, avatar: 'https://cdn.example/me.png' }).success).toBe(true);
    expect(ZUpdateUserInput.safeParse({ id: 1, avatar: null }).success).toBe(true);
    const demo = {
      fullName: 'Ana Ruiz',
      company: 'Acme',
      role: 'teamleader',
      username: 'ana',
      country: 'Spain',
      contact: '+34 600 000 000',
      email: 'ana@example.com',
      currentPlan: 'basic',
    };
    expect(ZCreateDemoUserInput.safeParse({ ...demo, avatar: 'data:text/html,<b>x</b>' }).success).toBe(false);
    expect(ZCreateDemoUserInput.safeParse({ ...demo, avatar: '' }).success).toBe(true);
  });
});
