// An e-mail's two parts from the server's texts: plain text, and HTML rendered on the server by React's
// own renderer (react-dom/server, already the client's: no template engine is added). The HTML is a
// table layout with inline styles (what mail clients read), `lang` and `dir` of the language (Arabic
// right to left); every value is a text node, so user text is escaped.
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { catalogOf, fill, type MailKind, REQUEST_KINDS, SECURITY_KINDS, type TextValues } from './mail.catalog.ts';

export interface MailItem {
  title: string;
  body: string;
  /** An absolute link (PUBLIC_URL + path), or null. */
  link: string | null;
}

export interface MailContent {
  kind: MailKind;
  language: string | null | undefined;
  values?: TextValues;
  /** The recipient's own time zone, when known: a time at a place in another zone then names it. */
  readerZone?: string | null;
  /** The recipient's name for the greeting (none: "Hello,"). */
  name?: string | null;
  /** The button's absolute link (starts with PUBLIC_URL). */
  link: string;
  /** Items listed under the text (a digest's notifications). */
  items?: readonly MailItem[];
  /** Lines listed under the text (an invoice's items). */
  lines?: readonly string[];
  /** The sender's own words (an invoice's message), shown as they wrote them under the text. */
  note?: string | null;
  /** Where to choose which e-mails arrive (notifications only). */
  preferencesLink?: string;
  /** One click to stop e-mails of this kind (notifications only; never for security e-mails). */
  unsubscribeLink?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  language: string;
}

const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Arial, sans-serif";

function paragraph(children: ReactNode, style: Record<string, string> = {}): ReactNode {
  return h(
    'p',
    { style: { margin: '0 0 16px', fontSize: '15px', lineHeight: '22px', color: '#1f2328', ...style } },
    children,
  );
}

function link(href: string, label: string, style: Record<string, string> = {}): ReactNode {
  return h('a', { href, style: { color: '#0969da', ...style } }, label);
}

export function renderMail(content: MailContent): RenderedMail {
  const { language, catalog } = catalogOf(content.language);
  const values = content.values ?? {};
  const texts = catalog.kinds[content.kind];
  const reader = { language, zone: content.readerZone };
  const subject = fill(texts.title, values, reader);
  const body = fill(texts.body, values, reader);
  const action = fill(texts.action, values, reader);
  const greeting = content.name
    ? fill(catalog.common.greeting, { name: content.name })
    : catalog.common.greetingAnonymous;
  const security = SECURITY_KINDS.has(content.kind);
  const ignorable = REQUEST_KINDS.has(content.kind);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';

  const text = [
    greeting,
    '',
    body,
    ...(content.note ? ['', content.note] : []),
    ...(content.items?.length
      ? ['', ...content.items.flatMap((i) => [`- ${i.title}: ${i.body}`, ...(i.link ? [`  ${i.link}`] : [])])]
      : []),
    ...(content.lines?.length ? ['', ...content.lines.map((l) => `- ${l}`)] : []),
    '',
    `${action}: ${content.link}`,
    '',
    ...(ignorable ? [catalog.common.ignore, ''] : []),
    catalog.common.signature,
    ...(content.preferencesLink ? ['', `${catalog.common.preferences}: ${content.preferencesLink}`] : []),
    ...(content.unsubscribeLink ? [`${catalog.common.unsubscribe}: ${content.unsubscribeLink}`] : []),
  ].join('\n');

  const footer: ReactNode[] = [];
  if (content.preferencesLink)
    footer.push(link(content.preferencesLink, catalog.common.preferences, { color: '#59636e' }));
  if (content.unsubscribeLink) {
    footer.push(' · ');
    footer.push(link(content.unsubscribeLink, catalog.common.unsubscribe, { color: '#59636e' }));
  }
  const card = h(
    'table',
    {
      role: 'presentation',
      width: '100%',
      cellPadding: 0,
      cellSpacing: 0,
      style: {
        maxWidth: '560px',
        margin: '0 auto',
        background: '#ffffff',
        border: '1px solid #d1d9e0',
        borderRadius: '8px',
      },
    },
    h(
      'tbody',
      null,
      h(
        'tr',
        null,
        h(
          'td',
          { style: { padding: '32px', textAlign: align, fontFamily: FONT } },
          h('h1', { style: { margin: '0 0 24px', fontSize: '20px', lineHeight: '28px', color: '#1f2328' } }, subject),
          paragraph(greeting),
          paragraph(body),
          content.note
            ? paragraph(content.note, {
                whiteSpace: 'pre-line',
                padding: dir === 'rtl' ? '0 12px 0 0' : '0 0 0 12px',
                [dir === 'rtl' ? 'borderRight' : 'borderLeft']: '3px solid #d1d9e0',
              })
            : null,
          content.items?.length
            ? h(
                'ul',
                { style: { margin: '0 0 16px', padding: dir === 'rtl' ? '0 20px 0 0' : '0 0 0 20px' } },
                ...content.items.map((item, i) =>
                  h(
                    'li',
                    { key: i, style: { margin: '0 0 8px', fontSize: '14px', lineHeight: '20px' } },
                    item.link ? link(item.link, item.title, { fontWeight: '600' }) : h('strong', null, item.title),
                    h('br'),
                    item.body,
                  ),
                ),
              )
            : null,
          content.lines?.length
            ? h(
                'ul',
                { style: { margin: '0 0 16px', padding: dir === 'rtl' ? '0 20px 0 0' : '0 0 0 20px' } },
                ...content.lines.map((line, i) =>
                  h('li', { key: i, style: { fontSize: '14px', lineHeight: '20px' } }, line),
                ),
              )
            : null,
          h(
            'p',
            { style: { margin: '24px 0' } },
            h(
              'a',
              {
                href: content.link,
                style: {
                  display: 'inline-block',
                  padding: '10px 18px',
                  background: '#1f883d',
                  color: '#ffffff',
                  borderRadius: '6px',
                  fontWeight: '600',
                  fontSize: '15px',
                  textDecoration: 'none',
                },
              },
              action,
            ),
          ),
          paragraph(catalog.common.linkIntro, { fontSize: '13px', color: '#59636e', margin: '0 0 4px' }),
          paragraph(link(content.link, content.link, { wordBreak: 'break-all' }), { fontSize: '13px' }),
          ignorable ? paragraph(catalog.common.ignore, { fontSize: '13px', color: '#59636e' }) : null,
          security ? paragraph(catalog.common.securityNote, { fontSize: '13px', color: '#59636e' }) : null,
          paragraph(catalog.common.signature),
        ),
      ),
    ),
  );
  const document = h(
    'html',
    { lang: language, dir },
    h(
      'head',
      null,
      h('meta', { httpEquiv: 'Content-Type', content: 'text/html; charset=UTF-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, subject),
    ),
    h(
      'body',
      { dir, style: { margin: '0', padding: '24px 12px', background: '#f6f8fa', fontFamily: FONT } },
      card,
      footer.length
        ? h('p', { style: { textAlign: 'center', fontSize: '12px', color: '#59636e', margin: '16px 0 0' } }, ...footer)
        : null,
    ),
  );
  return { subject, text, html: `<!DOCTYPE html>${renderToStaticMarkup(document)}`, language };
}
