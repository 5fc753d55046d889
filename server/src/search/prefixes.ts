/**
 * Prefixes a hyphen joins to a word ("non-invasive", "self-driving", "cross-linked"). The default
 * parser gives such a word as the whole lexeme and then each of its parts, at the positions after
 * the whole's; a prefix as a part is a fragment no one would search for on its own, and as a term
 * it matched every other word it begins ("non-profit" for "non-invasive"). The other parts stay
 * terms: the last is what the word is about ("invasive"), and a first part that is no prefix is
 * often the telling word itself ("graphene-based", "nitrogen-vacancy", "lithium-free").
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * As the english stemmer gives them ("poli" is "poly", "tran" is "trans"), as one constant array,
 * which PostgreSQL looks a lexeme up in by hash. Two-letter ones ("co", "re", "de") are never
 * terms, and "over", "under" and "out" are stop words.
 */
const PREFIXES = sql.raw(
  `'{${[
    'anti,auto,bio,counter,cross,eco,electro,extra,geo,hydro,hyper,hypo,infra,inter,intra,macro',
    'mega,meta,micro,mid,mini,multi,nano,neo,neuro,non,opto,pan,para,poli,post,pre,pro,proto',
    'pseudo,quasi,retro,self,semi,sub,super,thermo,tran,tri,ultra,uni',
  ].join(',')}}'::text[]`,
);

/**
 * Whether a lexeme of the tsvector `doc`, with its `positions` there, is a prefix that `doc` only
 * ever holds as the first part of a hyphenated word: every position of it follows a whole
 * hyphenated word's. One written alone too ("self" in "the self", "cross" in "cross the river")
 * is a word of the text like any other.
 */
export const onlyAsPrefix = (doc: SQL, lexeme: SQL, positions: SQL) =>
  sql`(${lexeme} = any(${PREFIXES}) and ${positions} <@ array(
        select (p + 1)::smallint from unnest(${doc}) h, unnest(h.positions) p
        where h.lexeme like '_%-_%'))`;
