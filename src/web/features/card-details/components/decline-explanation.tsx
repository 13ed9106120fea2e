import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { explainDecline } from '../../../../contracts/decline-reasons.ts';
import { type Authorization, type LimitResponse, messages } from '../../../../contracts/index.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { formatBRL } from '../../../ui/format.ts';
import { availableFix, type CardFixState, fixLink } from '../lib/history.ts';

const m = messages.declines;

/** 'R$ 2.700,00' never wraps between the symbol and the figure. */
const amountOnOneLine = (cents: number) => formatBRL(cents / 100).replace(' ', '\u00a0');

const FIX_LABELS = {
  unblock: m.fixUnblock,
  unlock: m.fixUnlock,
  limit: m.fixLimit,
  controls: messages.spending.fixControls,
} as const;

export interface DeclineExplanationProps {
  authorization: Pick<Authorization, 'descResponseTransaction' | 'mainValue' | 'coinCode' | 'declineCode'>;
  card: CardFixState | null;
  limit: LimitResponse | undefined;
}

/** Beside or under a NEGADA status: why, in plain pt-BR, and the screen that lifts it when the card's state allows. */
export function DeclineExplanation({ authorization, card, limit }: DeclineExplanationProps) {
  const { text, fix } = explainDecline(authorization.descResponseTransaction, authorization.declineCode);
  // Issue 16: the fixes are changes; Consulta reads the explanation only.
  const canFix = useCan('cards.write');
  const offered = canFix ? availableFix(fix, card) : null;
  const link = offered ? fixLink(offered, authorization, limit) : null;
  return (
    <Stack gap={4} align="flex-start" w={{ base: '100%', xl: 200 }} p="xs" bg="gray.0" bdrs="sm" ta="left">
      <Text fz="sm" c="gray.8" lh={1.4}>
        {text}
      </Text>
      {offered && link ? (
        <Anchor component={Link} to={link.to} fz="sm" fw={600} underline="always">
          {link.suggestedCents ? m.fixLimitTo(amountOnOneLine(link.suggestedCents)) : FIX_LABELS[offered]}
        </Anchor>
      ) : null}
    </Stack>
  );
}
