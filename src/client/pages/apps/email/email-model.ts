// The e-mail page's pure parts: recipients typed as text, reply and forward bodies, attachment ids.
import DOMPurify from 'dompurify';
import type { TEmail } from '../../../../shared/schemas/email.ts';

/** Addresses typed with commas, semicolons or spaces between them. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The file id of an attachment uploaded through the files API (`/api/files/{id}`), else null. */
export function attachmentFileId(url: string): number | null {
  const match = /^\/api\/files\/(\d+)(?:\?|$)/.exec(url);
  return match ? Number(match[1]) : null;
}

/** HTML of an e-mail made safe to show (the server already sanitised what users wrote; samples too). */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface ComposeValues {
  id?: number;
  to: string;
  cc: string;
  subject: string;
  message: string;
  attachments: { id: number; name: string; size: string }[];
}

export const EMPTY_COMPOSE: ComposeValues = { to: '', cc: '', subject: '', message: '', attachments: [] };

function quoted(email: TEmail, intro: string): string {
  return `<p></p><p>${escape(intro)}</p><blockquote>${safeHtml(email.message)}</blockquote>`;
}

/** A reply to the sender, subject prefixed once with "Re:", the message quoted. */
export function replyValues(email: TEmail, intro: string): ComposeValues {
  const subject = /^re:/i.test(email.subject) ? email.subject : `Re: ${email.subject}`;
  return { to: email.from.email, cc: '', subject, message: quoted(email, intro), attachments: [] };
}

/** A forward: no recipient yet, "Fwd:" subject, the message quoted with its uploaded attachments kept. */
export function forwardValues(email: TEmail, intro: string): ComposeValues {
  const subject = /^fwd?:/i.test(email.subject) ? email.subject : `Fwd: ${email.subject}`;
  const attachments = email.attachments.flatMap((a) => {
    const id = attachmentFileId(a.url);
    return id === null ? [] : [{ id, name: a.fileName, size: a.size }];
  });
  return { to: '', cc: '', subject, message: quoted(email, intro), attachments };
}

/** A draft opened again. */
export function draftValues(email: TEmail): ComposeValues {
  return {
    id: email.id,
    to: email.to.map((r) => r.email).join(', '),
    cc: email.cc.join(', '),
    subject: email.subject,
    message: email.message,
    attachments: email.attachments.flatMap((a) => {
      const id = attachmentFileId(a.url);
      return id === null ? [] : [{ id, name: a.fileName, size: a.size }];
    }),
  };
}

/** The composer's values as the server's input. */
export function composeInput(values: ComposeValues) {
  return {
    ...(values.id !== undefined ? { id: values.id } : {}),
    to: parseRecipients(values.to),
    cc: parseRecipients(values.cc),
    subject: values.subject,
    message: values.message,
    attachments: values.attachments.map((a) => a.id),
  };
}
