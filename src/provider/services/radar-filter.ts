// The radar lists' filter (issue 18.5): a holder's name, CPF or card digits as the operator types them.
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { accounts, cards } from '../db/schema.ts';

const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';
/** The filter's letters as the SQL below folds the names: no accents, lower case. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The CPF digits a Consulta operator sees on screen (000.***.***-00): a filter may start with no more of them. */
const MASKED_CPF_SHOWN_PREFIX = 3;

/**
 * name, CPF (masked or not, whole or its start) or the card's last four digits (of the card or its 2ª via). For an
 * operator who sees CPFs masked (decision 090), a CPF matches only whole or by the digits the mask shows: a longer
 * start would tell, one try at a time, the digits the mask hides.
 */
export function filterOf(term: string | undefined, maskedCpf = false): SQL | undefined {
  const text = term?.trim() ?? '';
  if (text === '') return undefined;
  const bare = text.replace(/[.\-\s]/g, '');
  if (/^\d+$/.test(bare)) {
    const cpfStart =
      maskedCpf && bare.length > MASKED_CPF_SHOWN_PREFIX
        ? sql`false`
        : sql`${accounts.documentNumber} like ${`${bare}%`}`;
    if (bare.length === 4) return or(eq(cards.last4, bare), eq(cards.last4TwoWay, bare), cpfStart);
    if (bare.length === 11) return eq(accounts.documentNumber, bare);
    return cpfStart;
  }
  // Words in order, without accents or case: "joao_silva" finds "João Carlos Silva".
  const words = fold(text)
    .split(/[\s_]+/)
    .filter(Boolean);
  return sql`lower(translate(${accounts.holderName}, ${ACCENTED}, ${PLAIN})) like ${`%${words.join('%')}%`}`;
}
