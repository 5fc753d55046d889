/**
 * The words a member reads beside a match (an expert's `matched_on`, a recommended card's
 * `matched_interests`): each lexeme of a query shown as the word of the text that gave it, as it
 * was written there.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * The default parser's token types (`ts_token_type('default')`): words alone (1–3), the parts of
 * a hyphenated word (9–11), and the hyphenated word whole (15–17), which comes just before its
 * parts.
 */
const WORDS = sql.raw('1, 2, 3');
const PARTS = sql.raw('9, 10, 11');
const WHOLES = sql.raw('15, 16, 17');

/**
 * JSON `[{lexeme, word}]`: for each lexeme in `lexemes` (a query of one `lexeme` column) that
 * `config` makes of a word of `body`, the word that first gave it, in the order of the text. A
 * part of a hyphenated word is shown as the whole word ("Non-invasive", never "Non"): a part alone
 * can be a fragment no one would recognise. A lexeme that also stands alone is shown as it stands.
 */
export const writtenWords = (config: SQL, body: SQL, lexemes: SQL) =>
  sql`coalesce((
    select json_agg(json_build_object('lexeme', w.lexeme, 'word', w.word) order by w.n)
    from (
      select distinct on (t.lexeme) t.lexeme, t.word, t.n
      from (
        select t.n, t.tokid in (${PARTS}) as part,
               case when t.tokid in (${PARTS}) then t.whole else t.token end as word,
               (select l.lexeme from unnest(to_tsvector(${config}, t.token)) l limit 1) as lexeme
        from (
          select t.tokid, t.token, t.n,
                 first_value(t.token) over (partition by t.wholes order by t.n) as whole
          from (
            select p.tokid, p.token, p.n,
                   count(*) filter (where p.tokid in (${WHOLES})) over (order by p.n) as wholes
            from ts_parse('default', ${body}) with ordinality as p(tokid, token, n)) t) t
        where t.tokid in (${WORDS}, ${PARTS})) t
      where t.lexeme in (${lexemes})
      order by t.lexeme, t.part, t.n) w), '[]'::json)`;
