/**
 * The HTML an announcement may carry. Content is cleaned on the server before it is stored, so
 * every reader (admin modal, PDA) gets the same safe markup whatever the editor sent: ordinary
 * formatting, lists, tables, links (http, https, mailto) and images from our own file store.
 * Scripts, style sheets, event handlers, frames, forms and javascript:/data: addresses go, and
 * so do images from anywhere else: a remote image tells its host who read the notice and when.
 * Titles and abstracts are plain text: no markup survives in them, encoded or not.
 */
import sanitizeHtml from 'sanitize-html';

const TEXT_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'font'],
];
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/];
const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'align', 'valign', 'width', 'height'];

/** Where the file store serves its files (modules/files); the only source an image may have. */
export const FILE_STORE_PATH = '/api/sys/common/static/';
const STORE_IMAGE = /^\/api\/sys\/common\/static\/[A-Za-z0-9_-][A-Za-z0-9._/-]*$/;

/** An image address of our own file store: a plain path under it, never leaving it. */
export function isStoreImage(src: string | undefined): boolean {
  return src !== undefined && STORE_IMAGE.test(src) && !src.split('/').includes('..');
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...LIST_TAGS, ...TABLE_TAGS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size'],
    ol: ['start', 'type'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    td: CELL_ATTRIBUTES,
    th: [...CELL_ATTRIBUTES, 'scope'],
    '*': ['style'],
  },
  // Inline styles a rich-text editor writes; no url(), no expression(), no positioning.
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'font-size': LENGTH,
      'line-height': [/^\d{1,2}(\.\d{1,2})?$/, ...LENGTH],
      width: LENGTH,
      height: LENGTH,
      'padding-left': LENGTH,
      'margin-left': LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images have no scheme at all: only paths of our file store pass (see exclusiveFilter).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isStoreImage(frame.attribs.src),
  // Links open in place or in a new window; a new window gets no reference back to ours.
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      return {
        tagName,
        attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest,
      };
    },
  },
};

/** Keeps only the allowed tags, attributes, styles and addresses of an announcement's HTML. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<(br|hr|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td|\/th|\/blockquote|\/pre)\b[^>]*>/gi;
const TAG_START = /<[A-Za-z!/?]/;

/** sanitize-html escapes exactly these four characters in text; plain text wants them back. */
function unescapeText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The text of some HTML with every tag removed, collapsed to single spaces. Entities are
 * decoded, and a tag that decoding brings to light (`&lt;img onerror=…&gt;`) is removed in
 * turn, until the text holds no markup.
 */
export function plainText(html: string): string {
  let text = html;
  for (;;) {
    const next = unescapeText(
      sanitizeHtml(text.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {} }),
    );
    if (next === text || !TAG_START.test(next)) {
      text = next;
      break;
    }
    text = next;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The plain text of some HTML cut to `max` characters: for the abstract shown in lists when
 * the author wrote none.
 */
export function plainTextOf(html: string, max: number): string {
  const text = plainText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
