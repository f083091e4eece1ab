/**
 * The allowlist for rich text (notices) before it is stored: the editor's formatting survives,
 * anything that could run or load from elsewhere does not. Spec section 9: font sizes 16-30 px and
 * the listed font families, as inline style on span only. Links keep http(s) and get
 * rel="noopener noreferrer"; images only from our own media URL.
 */
import sanitizeHtml from 'sanitize-html';
import { NOTICE_FONTS, NOTICE_MAX_FONT_PX, NOTICE_MIN_FONT_PX } from '@shared/validation/notices';

export interface SanitizeOptions {
  /** True for an image `src` we serve ourselves (e.g. the notices media URL); others are dropped. */
  isOwnImage: (src: string) => boolean;
}

// The editor's families (shared/validation/notices.ts), each also with hyphens for spaces.
const familyNames = NOTICE_FONTS.map((font) => font.value.replace(/[-\s]/g, '[- ]')).join('|');
const fontFamilyPattern = new RegExp(
  `^\\s*(["']?(${familyNames})["']?)(\\s*,\\s*["']?(${familyNames})["']?)*\\s*$`,
  'i',
);

/** Whole pixels from the editor's smallest size to its largest (spec section 9: 16-30 px). */
const fontSizePattern = new RegExp(
  `^(${Array.from(
    { length: NOTICE_MAX_FONT_PX - NOTICE_MIN_FONT_PX + 1 },
    (_, index) => NOTICE_MIN_FONT_PX + index,
  ).join('|')})px$`,
);

const allowedTags = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'hr',
  'code',
  'pre',
  'a',
  'img',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
];

/** Returns HTML that holds only allowlisted tags, attributes, URLs and styles. */
export function sanitizeRichText(html: string, options: SanitizeOptions): string {
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height'],
      span: ['style'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      col: ['span'],
      ol: ['start'],
    },
    allowedStyles: {
      span: {
        'font-size': [fontSizePattern],
        'font-family': [fontFamilyPattern],
      },
    },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Their text is code or markup, not content: drop it along with the tag.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'template',
    ],
    transformTags: {
      a: (tagName, attribs) => {
        const { href } = attribs;
        const safe = href !== undefined && /^https?:\/\//i.test(href.trim());
        const kept: Record<string, string> = safe
          ? { href: href.trim(), target: '_blank', rel: 'noopener noreferrer' }
          : {};
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        const kept: Record<string, string> = {};
        if (src && options.isOwnImage(src)) kept.src = src;
        if (attribs.alt) kept.alt = attribs.alt;
        for (const size of ['width', 'height'] as const) {
          const value = attribs[size];
          if (value && /^\d{1,4}$/.test(value)) kept[size] = value;
        }
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
