/**
 * The bio is stored as sanitised HTML (paragraphs, lists, emphasis, links) but edited in a plain
 * textarea (SPEC §2): paragraphs are separated by a blank line and list items start with '• '.
 * Emphasis and links survive as long as the bio is left as it was; an edited bio is saved as the
 * plain paragraphs and lists of its text.
 */

const BULLET = '• ';
const BLOCKS = new Set(['P', 'DIV', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE']);

function inlineText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
  if (!(node instanceof Element)) return '';
  if (node.tagName === 'BR') return '\n';
  return Array.from(node.childNodes, inlineText).join('');
}

function blocksOf(parent: Node): string[] {
  const blocks: string[] = [];
  let inline = '';
  const flush = () => {
    const text = inline.replace(/ *\n */g, '\n').trim();
    if (text) blocks.push(text);
    inline = '';
  };
  for (const node of Array.from(parent.childNodes)) {
    if (node instanceof Element && BLOCKS.has(node.tagName)) {
      flush();
      if (node.tagName === 'UL' || node.tagName === 'OL') {
        const items = Array.from(node.children, (li) => inlineText(li).trim()).filter(Boolean);
        if (items.length) blocks.push(items.map((item) => BULLET + item).join('\n'));
      } else {
        blocks.push(...blocksOf(node));
      }
    } else {
      inline += inlineText(node);
    }
  }
  flush();
  return blocks;
}

/** The text a member edits for a bio's HTML. DOMParser's document is inert: nothing in it runs. */
export function bioToText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return blocksOf(document.body).join('\n\n');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const isListLine = (line: string) => /^\s*[•\-*]\s+/.test(line);

/** The HTML saved for an edited bio: each block a paragraph, or a list when every line is an item. */
export function textToBio(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every(isListLine)) {
        const items = lines.map((line) => `<li>${escapeHtml(line.replace(/^[•\-*]\s+/, ''))}</li>`);
        return `<ul>${items.join('')}</ul>`;
      }
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    })
    .join('');
}
