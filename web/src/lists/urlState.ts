/**
 * A list screen's filters and page as its URL carries them, so a reload or a shared link shows the
 * same list. Each parameter is named as the API's query schema in the contract names it: a shape
 * is declared with `listParams<SomeQuery>()`, and a name that query does not take fails to
 * type-check. The reading is done here rather than by the schema itself because zod would add
 * its weight to the dashboard's first screen (docs/decisions/0015, 0027); and the screens want a
 * malformed value ignored, not the whole list refused.
 */

/** One URL parameter: how its text reads into a value, and back (null leaves it out). */
export interface UrlParam<T, Name extends string = string> {
  readonly name: Name;
  read(raw: string | null): T;
  write(value: T): string | null;
}

const MAX_ID = 2_147_483_647;

/** A whole number from 1 to `max` written plainly, else null. */
function positiveInt(raw: string | null | undefined, max = MAX_ID): number | null {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 && number <= max ? number : null;
}

/** The page of a list: absent on the first page. */
export const pageParam: UrlParam<number, 'page'> = {
  name: 'page',
  read: (raw) => positiveInt(raw, 1_000_000) ?? 1,
  write: (page) => (page > 1 ? String(page) : null),
};

/** An id, or null for no filter. */
export const idParam = <Name extends string>(name: Name): UrlParam<number | null, Name> => ({
  name,
  read: (raw) => positiveInt(raw),
  write: (id) => (id === null ? null : String(id)),
});

/** A comma list of ids; malformed parts and repeats are dropped. */
export const idsParam = <Name extends string>(name: Name): UrlParam<number[], Name> => ({
  name,
  read: (raw) => [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((part) => positiveInt(part))
        .filter((id): id is number => id !== null),
    ),
  ],
  write: (ids) => (ids.length > 0 ? ids.join(',') : null),
});

/** An id, `none` for "has no value there", or null for no filter. */
export const idOrNoneParam = <Name extends string>(
  name: Name,
): UrlParam<number | 'none' | null, Name> => ({
  name,
  read: (raw) => (raw === 'none' ? 'none' : positiveInt(raw)),
  write: (value) => (value === null ? null : String(value)),
});

/** Free text; empty is no filter. */
export const textParam = <Name extends string>(name: Name): UrlParam<string, Name> => ({
  name,
  read: (raw) => raw ?? '',
  write: (text) => (text === '' ? null : text),
});

/** `true`, or absent for false. */
export const flagParam = <Name extends string>(name: Name): UrlParam<boolean, Name> => ({
  name,
  read: (raw) => raw === 'true',
  write: (on) => (on ? 'true' : null),
});

/** One of a few options; anything else reads as the fallback, which is left out of the URL. */
export const oneOfParam = <Name extends string, const Option extends string, const Fallback>(
  name: Name,
  options: readonly Option[],
  fallback: Fallback,
): UrlParam<Option | Fallback, Name> => ({
  name,
  read: (raw) =>
    (options as readonly (string | null)[]).includes(raw) ? (raw as Option) : fallback,
  write: (value) => (value === fallback ? null : (value as string)),
});

// biome-ignore lint/suspicious/noExplicitAny: a shape holds parameters of every value type
type AnyParam<Name extends string = string> = UrlParam<any, Name>;
export type UrlShape = Readonly<Record<string, AnyParam>>;
export type ValuesOf<Shape extends UrlShape> = {
  [K in keyof Shape]: Shape[K] extends UrlParam<infer T> ? T : never;
};

/**
 * Declares a list's URL shape against the contract's query type for the same list, whose
 * parameter names the shape must use.
 */
export const listParams =
  <Query>() =>
  <Shape extends Readonly<Record<string, AnyParam<Extract<keyof Query, string>>>>>(shape: Shape) =>
    shape;

export function readUrl<Shape extends UrlShape>(
  shape: Shape,
  params: URLSearchParams,
): ValuesOf<Shape> {
  const values: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(shape))
    values[key] = param.read(params.get(param.name));
  return values as ValuesOf<Shape>;
}

/** The URL's parameters with these values, keeping the ones that are not the list's (the tenant). */
export function writeUrl<Shape extends UrlShape>(
  shape: Shape,
  values: ValuesOf<Shape>,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, param] of Object.entries(shape)) {
    next.delete(param.name);
    const text = param.write(values[key]);
    if (text !== null) next.set(param.name, text);
  }
  return next;
}
