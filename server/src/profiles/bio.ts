import { bioText } from '@kindling/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The bio's HTML allow-list: paragraphs, line breaks, emphasis, lists and links to http(s) or
 * mail addresses, which always open in a new tab without handing over the opener. Everything else
 * is dropped; the text of script, style and similar elements goes with them.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whatever rel and target were sent are replaced; the allow-list then vets the href.
  transformTags: {
    a: (_tagName, attribs) => ({
      tagName: 'a',
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
  },
};

export function sanitizeBio(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The characters a reader sees, which SPEC §9's 1000 limit counts. */
export function bioTextLength(html: string): number {
  return bioText(html).trim().length;
}
