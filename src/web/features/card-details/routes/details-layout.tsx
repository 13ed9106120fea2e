import { Alert, Anchor, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { messages } from '../../../../contracts/index.ts';
import { type CardScreen, cardPathOf, paths } from '../../../app/paths.ts';
import { ReadOnlyUnless } from '../../../lib/profiles/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCards } from '../api/get-cards.ts';
import { useHolder } from '../api/get-holder.ts';
import { useLimit } from '../api/get-limit.ts';
import { CardHeader } from '../components/card-header.tsx';
import { Screen } from '../components/screen.tsx';
import { useRestoreSelection } from '../lib/restore-selection.ts';
import { holderCardOf, type SelectedCard, useSelectedCard } from '../lib/selected-card.ts';
import { syncCard } from '../lib/store-sync.ts';

const TITLES: Record<CardScreen, string> = {
  '': messages.menu.holderData,
  block: messages.menu.block,
  request2nd: messages.menu.secondCopy,
  unlock: messages.menu.unlock,
  limit: messages.menu.limit,
  history: messages.menu.history,
  cancel: messages.menu.cancel,
  controls: messages.menu.controls,
  virtual: messages.menu.virtualCards,
};

/** /home/details/*: the card's header (the spec's summary panel and card image, decision 140) above the sub-screen. */
export default function DetailsLayout() {
  const { pathname } = useLocation();
  const { cardId, screen } = cardPathOf(pathname);
  const stored = useSelectedCard();
  const { restore, error, retry } = useRestoreSelection(cardId);
  // The address names the card: another card still in the store is not shown while this one loads.
  const selected = cardId && stored?.uuid !== cardId ? null : stored;
  const title = TITLES[screen];
  useDocumentTitle(screen === '' ? messages.cardDetails.pageTitle : `${title} · ${messages.cardDetails.pageTitle}`);
  if (!selected && restore === 'restoring') {
    return (
      <Screen title={title}>
        <Spinner label={messages.cardDetails.loading} />
      </Screen>
    );
  }
  if (!selected && restore === 'failed') {
    // A failure of the network or the server reads the card again from here (decision 142).
    return (
      <Screen title={title}>
        <ReadFailure message={messages.generic.unexpected} error={error} onRetry={retry} />
        <Anchor component={Link} to={paths.home} fz="sm" display="inline-block" mt="sm">
          {messages.cardDetails.goToList}
        </Anchor>
      </Screen>
    );
  }
  if (!selected) {
    return (
      <Screen title={title}>
        <Alert
          color={restore === 'missing' ? 'red' : 'blue'}
          variant="light"
          role={restore === 'none' ? undefined : 'alert'}
        >
          {restore === 'missing' ? messages.cards.holderNotFound : messages.cardDetails.selectCard}{' '}
          <Anchor component={Link} to={paths.home} fz="sm">
            {messages.cardDetails.goToList}
          </Anchor>
        </Alert>
      </Screen>
    );
  }
  return <SelectedDetails selected={selected} screen={screen} />;
}

function SelectedDetails({ selected, screen }: { selected: SelectedCard; screen: CardScreen }) {
  const cards = useCards(selected.uuid);
  const holder = useHolder(selected.uuid);
  const limit = useLimit(selected.uuid, selected.last4);

  // A fresh lookup (after every action) replaces the stored card and the list row's status.
  useEffect(() => {
    const account = useAppStore.getState().relationship.currentAccount;
    if (cards.data && account) syncCard(cards.data, holderCardOf(cards.data.cardsResult, account));
  }, [cards.data]);

  const holderMissing = holder.isError && isApiError(holder.error) && holder.error.status === 404;

  return (
    <Stack gap="md">
      {holder.isError ? (
        <ReadFailure
          message={holderMissing ? messages.cards.holderNotFound : messages.generic.unexpected}
          error={holder.error}
          onRetry={holder.refetch}
        />
      ) : null}
      <CardHeader selected={selected} holder={holder.data} limit={limit.data} limitFailed={limit.isError} />
      {/* Issue 16: every card screen but the history is a change; Consulta reads them with the controls off. The
          holder editor sets its forms read-only itself, so its tabs and the address's "mostrar" stay usable. */}
      {screen === 'history' || screen === '' ? (
        <Outlet />
      ) : (
        <ReadOnlyUnless permission="cards.write" reason={messages.profiles.ui.readOnlyCard}>
          <Outlet />
        </ReadOnlyUnless>
      )}
    </Stack>
  );
}
