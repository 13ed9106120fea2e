// /home/details/:cardId (issue 27): the card screens with the card's id in the address. A segment that is not a
// card's id is "any other sub-path" of the spec's route table, the holder editor, whatever follows it.
import { lazy } from 'react';
import { Outlet, useParams } from 'react-router';
import { isCardId } from '../../../app/paths.ts';
import { onDemand } from '../../../lib/on-demand.ts';

const HolderEditor = lazy(() => onDemand(() => import('./holder.tsx')));

export default function CardAddress() {
  const { cardId } = useParams();
  return isCardId(cardId) ? <Outlet /> : <HolderEditor />;
}
