import { z } from 'zod';
import {
  brandColourKeys,
  brandFontKeys,
  brandRadii,
  brandTextLimits,
  brandTextMax,
  isSafeFontStack,
  normaliseHex,
} from './brandStyles.ts';
import { HEX_COLOUR } from './contrast.ts';
import { type BrandingOverrides, branding, termsAnswer } from './tenant.ts';

const colour = (key: string) =>
  z
    .string({ error: `styles.${key} must be a colour as #rgb or #rrggbb.` })
    .trim()
    .regex(HEX_COLOUR, { error: `styles.${key} must be a colour as #rgb or #rrggbb.` })
    .transform(normaliseHex);

const fontStack = (key: string) =>
  z
    .string({ error: `styles.${key} must be a list of font names.` })
    .trim()
    .refine(isSafeFontStack, {
      error: `styles.${key} must be a list of font names separated by commas.`,
    });

const styleShape = {
  ...Object.fromEntries(brandColourKeys.map((key) => [key, colour(key).optional()])),
  ...Object.fromEntries(brandFontKeys.map((key) => [key, fontStack(key).optional()])),
  radius: z
    .enum(brandRadii, { error: `styles.radius must be one of ${brandRadii.join(', ')}.` })
    .optional(),
};

export const BRAND_URL_MAX = 500;

const linkedinURL = z
  .string({ error: 'linkedinURL must be a web address.' })
  .trim()
  .max(BRAND_URL_MAX, { error: `linkedinURL must be at most ${BRAND_URL_MAX} characters.` })
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: 'linkedinURL must be an http:// or https:// address.',
  });

const supportEmail = z
  .string({ error: 'supportEmail must be an e-mail address.' })
  .trim()
  .max(254, { error: 'supportEmail must be at most 254 characters.' })
  .pipe(z.email({ error: 'supportEmail must be an e-mail address.' }));

/** Checked further by the server: the default logo or one its logo upload issued to the tenant. */
const logo = z
  .string({ error: 'logo must be the address of an uploaded logo.' })
  .trim()
  .min(1, { error: 'logo must be the address of an uploaded logo.' })
  .max(BRAND_URL_MAX, { error: 'logo must be the address of an uploaded logo.' });

const special: Record<string, z.ZodType> = {
  styles: z.object(styleShape, { error: 'styles must be an object.' }),
  linkedinURL,
  supportEmail,
  logo,
};

/** Control characters other than line breaks: nothing a person types, and NUL breaks the database. */
const hasControl = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\n' && c !== '\r') || code === 127;
  });

/**
 * A branding text. Names and labels are one line: they go into mail subjects, headers and buttons,
 * where a line break has no place (and in a subject would start a header of its own).
 */
const text = (path: string, max: number) =>
  z
    .string({ error: `${path} must be text.` })
    .trim()
    .min(1, { error: `${path} must not be empty.` })
    .max(max, { error: `${path} must be at most ${max} characters.` })
    .refine((value) => !hasControl(value), { error: `${path} must be plain text.` })
    .refine((value) => max >= brandTextLimits.text || !/[\r\n]/.test(value), {
      error: `${path} must be one line.`,
    });

/**
 * The editable form of a schema: every key optional, every text trimmed, non-empty and limited,
 * unknown keys dropped. Built from the branding schema itself, so a key added there is editable.
 */
function editable(schema: z.ZodType, path: string): z.ZodType {
  const own = special[path];
  if (own) return own;
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, child]) => [
        key,
        editable(child, path ? `${path}.${key}` : key).optional(),
      ]),
    );
    return z.object(shape, { error: `${path || 'branding'} must be an object.` });
  }
  if (schema instanceof z.ZodArray) {
    return z
      .array(text(path, brandTextMax(path)), { error: `${path} must be a list of texts.` })
      .min(1, { error: `${path} must not be empty.` })
      .max(brandTextLimits.items, {
        error: `${path} must have at most ${brandTextLimits.items} entries.`,
      });
  }
  return text(path, brandTextMax(path));
}

/**
 * PUT /admin/branding: the tenant's overrides, whole. A key left out takes the default again, so
 * the editor sends only what differs from `defaults`.
 */
export const brandingOverridesBody = editable(
  branding,
  '',
) as unknown as z.ZodType<BrandingOverrides>;

export const brandingAdminAnswer = z.object({
  /** What members see: the overrides merged over the defaults. */
  branding,
  /** The defaults the tenant starts from, to reset a key or tell an override apart. */
  defaults: branding,
});
export type BrandingAdminAnswer = z.infer<typeof brandingAdminAnswer>;

export const logoAnswer = z.object({ logo: z.string() });

const termsText = (path: string, max: number, required = true) =>
  z
    .string({ error: `${path} must be text.` })
    .trim()
    .min(required ? 1 : 0, { error: `${path} must not be empty.` })
    .max(max, { error: `${path} must be at most ${max} characters.` });

export const TERMS_SECTIONS_MAX = 30;

/** A tenant's own terms, with the shape GET /terms answers. */
export const termsDocument = z.object({
  title: termsText('title', 200),
  lastUpdated: termsText('lastUpdated', 60),
  introduction: termsText('introduction', 5000),
  sections: z
    .array(
      z.object({
        title: termsText('Section title', 200),
        content: termsText('Section content', 5000, false),
        items: z
          .array(
            z.object({
              boldText: termsText('Item heading', 200),
              description: termsText('Item text', 2000),
            }),
          )
          .max(TERMS_SECTIONS_MAX, {
            error: `A section has at most ${TERMS_SECTIONS_MAX} items.`,
          }),
      }),
    )
    .max(TERMS_SECTIONS_MAX, { error: `The terms have at most ${TERMS_SECTIONS_MAX} sections.` }),
  conclusion: termsText('conclusion', 5000, false),
}) satisfies z.ZodType<z.infer<typeof termsAnswer>>;

/** PUT /admin/terms: the tenant's own terms, or null to go back to the default terms. */
export const termsBody = z.object({ terms: termsDocument.nullable() });
export type TermsBody = z.infer<typeof termsBody>;

export const termsAdminAnswer = z.object({
  terms: termsAnswer,
  /** True while the tenant shows the default terms. */
  is_default: z.boolean(),
});
export type TermsAdminAnswer = z.infer<typeof termsAdminAnswer>;
