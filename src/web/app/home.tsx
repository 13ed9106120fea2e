// /home: the cards list, with the lifecycle radar above its search (decision 083). Composed here, where features
// meet, so that neither feature imports the other.
import CardsListRoute from '../features/cards/routes/cards-list.tsx';
import { RadarPanel } from '../features/radar/components/radar-panel.tsx';

export default function HomeRoute() {
  return <CardsListRoute radar={<RadarPanel />} />;
}
