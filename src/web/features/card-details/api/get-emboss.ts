import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EmbossData, embossData } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { cardKey } from './keys.ts';

/** The emboss name and the visual-deficiency indicator, read before a second copy (docs/decisions.md 1). */
export async function getEmboss(uuid: string, last4: string): Promise<EmbossData> {
  return embossData.parse(await callApi('embossData', { params: { uuid }, headers: { last4digits: last4 } }));
}

export const useEmboss = (uuid: string, last4: string) =>
  useQuery(
    queryOptions({
      queryKey: [...cardKey(uuid), 'emboss', last4],
      queryFn: () => getEmboss(uuid, last4),
      meta: { silent: true },
    }),
  );
