// @vitest-environment jsdom
// The e-mail page's pure parts: recipients, reply/forward bodies, and the browser-side sanitising of
// every HTML body before it is shown (a script or an onerror handler never reaches the page).
import { describe, expect, it } from 'vitest';
import type { TEmail } from '../../../../shared/schemas/email.ts';
import {
  attachmentFileId,
  composeInput,
  draftValues,
  forwardValues,
  parseRecipients,
  replyValues,
  safeHtml,
} from './email-model.ts';

const email: TEmail = {
  id: 3,
  from: { email: 'ops@acme.test', name: 'Ops <desk>', avatar: '' },
  to: [{ email: 'me@acme.test', name: 'Me' }],
  cc: [],
  bcc: [],
  subject: 'Depot keys',
  message: '<p>Keys are at the front desk</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
  attachments: [
    { fileName: 'map.png', thumbnail: '', url: '/api/files/41', size: '3 KB' },
    { fileName: 'sample.pdf', thumbnail: '', url: '/images/sample.pdf', size: '1 MB' },
  ],
  isStarred: false,
  labels: [],
  time: new Date('2026-11-20T10:00:00Z'),
  replies: [],
  folder: 'inbox',
  isRead: true,
  isDeleted: false,
};

describe('e-mail model', () => {
  it('drops scripts and event handlers from HTML shown in the browser', () => {
    const clean = safeHtml(email.message);
    expect(clean).toContain('<p>Keys are at the front desk</p>');
    expect(clean).not.toMatch(/<script|onerror|alert/i);
    expect(safeHtml('<a href="javascript:alert(1)">x</a><p style="color:red">y</p>')).not.toMatch(/javascript:|style=/);
  });

  it('reads recipients separated by commas, semicolons or spaces', () => {
    expect(parseRecipients(' a@b.co, c@d.co;e@f.co  g@h.co ,')).toEqual(['a@b.co', 'c@d.co', 'e@f.co', 'g@h.co']);
  });

  it('replies to the sender with the message quoted and escaped intro, Re: once', () => {
    const reply = replyValues(email, 'Ops <desk> wrote:');
    expect(reply).toMatchObject({ to: 'ops@acme.test', subject: 'Re: Depot keys', attachments: [] });
    expect(reply.message).toContain('Ops &lt;desk&gt; wrote:');
    expect(reply.message).not.toMatch(/<script|onerror/);
    expect(replyValues({ ...email, subject: 'RE: x' }, '').subject).toBe('RE: x');
  });

  it('forwards with the uploaded attachments only (sample files are not re-sent)', () => {
    const fwd = forwardValues(email, 'Forwarded:');
    expect(fwd.subject).toBe('Fwd: Depot keys');
    expect(fwd.attachments).toEqual([{ id: 41, name: 'map.png', size: '3 KB' }]);
    expect(composeInput(fwd).attachments).toEqual([41]);
    expect(attachmentFileId('/api/files/7?thumbnail=1')).toBe(7);
  });

  it('a draft opened again keeps its id, recipients and attachments', () => {
    const draft = draftValues({ ...email, folder: 'draft', cc: ['x@y.co'] });
    expect(composeInput(draft)).toMatchObject({ id: 3, to: ['me@acme.test'], cc: ['x@y.co'], attachments: [41] });
  });
});
