import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export interface SearchCardsInput {
  cpf: string;
  cnpj: string;
  relationCode: string;
}

/** GET /v1/cards/{documentNumber}: the chosen company's cards of a CPF (logos 1 and 2 only). */
export async function searchCards({ cpf, cnpj, relationCode }: SearchCardsInput) {
  const answer = await api.cardsByDocument({
    params: { documentNumber: cpf },
    headers: { cnpj, relationcode: relationCode },
  });
  return answer.cardsResult;
}

/** The screen says what went wrong itself (the three search texts), so no global notification. */
export const useSearchCards = () => useMutation({ mutationFn: searchCards, meta: { silent: true } });
