import { useMutation } from '@tanstack/react-query';
import type { CardResult } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { loadCardSchemas } from './schemas.ts';

export interface SearchCardsInput {
  cpf: string;
  cnpj: string;
  relationCode: string;
}

/** GET /v1/cards/{documentNumber}: the chosen company's cards of a CPF (logos 1 and 2 only). */
export async function searchCards({ cpf, cnpj, relationCode }: SearchCardsInput): Promise<CardResult[]> {
  const [data, { cardsResponse }] = await Promise.all([
    callApi('cardsByDocument', { params: { documentNumber: cpf }, headers: { cnpj, relationCode } }),
    loadCardSchemas(),
  ]);
  return cardsResponse.parse(data).cardsResult;
}

/** The screen says what went wrong itself (the three search texts), so no global notification. */
export const useSearchCards = () => useMutation({ mutationFn: searchCards, meta: { silent: true } });
