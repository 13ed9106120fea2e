// /home: the cards list, with the relationship's limit (issue 27) and the lifecycle radar above its search (decision
// 083). Composed here, where features meet, so that neither feature imports the other.
import '@mantine/core/styles/Progress.layer.css';
import CardsListRoute from '../features/cards/routes/cards-list.tsx';
import { RelationshipLimitPanel } from '../features/company-management/components/relationship-limit-panel.tsx';
import { RadarPanel } from '../features/radar/components/radar-panel.tsx';

export default function HomeRoute() {
  return (
    <CardsListRoute
      radar={
        <>
          <RelationshipLimitPanel />
          <RadarPanel />
        </>
      }
    />
  );
}
