import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { cardKey } from './keys.ts';

/** The emboss name and the visual-deficiency indicator, read before a second copy (decision 001). */
export const getEmboss = (uuid: string, last4: string) =>
  api.embossData({ params: { uuid }, headers: { last4digits: last4 } });

export const useEmboss = (uuid: string, last4: string) =>
  useQuery(
    queryOptions({
      queryKey: [...cardKey(uuid), 'emboss', last4],
      queryFn: () => getEmboss(uuid, last4),
      meta: { silent: true },
    }),
  );
