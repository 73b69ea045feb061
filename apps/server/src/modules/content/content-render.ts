import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { ContentKey } from '@gemstock/contract';

/**
 * Markdown to the HTML the site shows (docs/decisions/0042), on the server only: the browser
 * receives HTML and loads no Markdown library. Two locks, so that no script, event handler or
 * `javascript:` address reaches a page:
 * - markdown-it with `html: false`: HTML typed into the Markdown comes out as text, and links and
 *   images whose address is `javascript:`, `vbscript:`, `file:` or `data:` are not made;
 * - sanitize-html over the result, with a short list of tags, attributes and address schemes;
 *   anything else is dropped (the FAQ's own disclosure markup passes because it is listed).
 */
const markdown = new MarkdownIt({ html: false, linkify: false, breaks: true });

/**
 * The FAQ's layout from plain Markdown: `## 分组` is a group, each `### 问题` under it a question
 * whose answer is what follows it, drawn as a native disclosure (opens with a click, Enter or
 * Space; the answer is in the page for search) exactly as the page was before.
 */
function faqDisclosures(state: StateCore): void {
  const out: Token[] = [];
  const raw = (content: string) => {
    const token = new state.Token('html_block', '', 0);
    token.content = content;
    return token;
  };
  let inGroup = false;
  let inItem = false;
  const closeItem = () => {
    if (inItem) out.push(raw('</div></details>\n'));
    inItem = false;
  };
  const closeGroup = () => {
    closeItem();
    if (inGroup) out.push(raw('</div></section>\n'));
    inGroup = false;
  };
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open' && token.tag === 'h2') {
      closeGroup();
      out.push(raw('<section class="gs-faq-section">\n<h2 class="gs-faq-group">'), tokens[i + 1]!);
      out.push(raw('</h2>\n<div class="gs-faq">\n'));
      inGroup = true;
      i += 2;
      continue;
    }
    if (token.type === 'heading_open' && token.tag === 'h3') {
      closeItem();
      out.push(
        raw('<details class="gs-faq-item"><summary class="gs-faq-question"><span class="gs-faq-arrow"></span>'),
        tokens[i + 1]!,
        raw('</summary><div class="gs-faq-answer">\n'),
      );
      inItem = true;
      i += 2;
      continue;
    }
    out.push(token);
  }
  closeGroup();
  state.tokens = out;
}

const faqMarkdown = new MarkdownIt({ html: false, linkify: false, breaks: true });
faqMarkdown.core.ruler.push('gs_faq_disclosures', faqDisclosures);

/** The classes the site's own layout puts in content; an author's cannot add others. */
const LAYOUT_CLASSES = [
  'gs-faq-section',
  'gs-faq-group',
  'gs-faq',
  'gs-faq-item',
  'gs-faq-question',
  'gs-faq-arrow',
  'gs-faq-answer',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'section',
    'details',
    'summary',
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: {
    section: LAYOUT_CLASSES,
    h2: LAYOUT_CLASSES,
    div: LAYOUT_CLASSES,
    details: LAYOUT_CLASSES,
    summary: LAYOUT_CLASSES,
    span: LAYOUT_CLASSES,
  },
  // markdown-it aligns table cells with `style="text-align:…"`; nothing else of a style passes
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // the page has its own title: a document's top heading is a section heading
    h1: 'h2',
    // an address elsewhere opens apart from the site and passes nothing back to it
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
};
// the attributes transformTags adds must be allowed too
SANITIZE.allowedAttributes = { ...(SANITIZE.allowedAttributes as object), a: ['href', 'title', 'target', 'rel'] };

/** The sanitised HTML of a document's Markdown (the FAQ with its disclosures). */
export function renderContent(key: ContentKey, body: string): string {
  const html = (key === 'faq' ? faqMarkdown : markdown).render(body);
  return sanitizeHtml(html, SANITIZE).trim();
}
