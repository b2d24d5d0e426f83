// HTML written by users (the e-mail composer's rich text) reduced to a safe subset on the server before
// it is stored: DOMPurify on a jsdom window, with a fixed list of formatting tags and only `href` on
// links (http, https and mailto). Scripts, event handlers, styles, iframes and forms never survive.
// jsdom is loaded by the first e-mail written, not by every start of the server (it is the heaviest
// module the server has: about a tenth of its start).
import type { DOMPurify } from 'dompurify';

let loading: Promise<DOMPurify> | undefined;

/** DOMPurify on its jsdom window, made once. */
function purifier(): Promise<DOMPurify> {
  loading ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    const purify = createDOMPurify(new JSDOM('').window);
    // Links open elsewhere without handing the page to them.
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('rel', 'noopener noreferrer nofollow');
        node.setAttribute('target', '_blank');
      }
    });
    return purify;
  })();
  return loading;
}

/** What the rich-text editor produces (StarterKit), and nothing else. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'hr',
  'span',
  'div',
];

/** The safe subset of `html`. */
export async function sanitizeRichText(html: string): Promise<string> {
  return (await purifier()).sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR: ['href', 'rel', 'target'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    KEEP_CONTENT: true,
  });
}
