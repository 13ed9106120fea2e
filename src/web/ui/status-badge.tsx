import { Badge, type BadgeProps } from '@mantine/core';
import { type CardStateFields, isCardActive, statusReasonOf } from '../../contracts/card-state.ts';
import { messages } from '../../contracts/index.ts';

/** Text colours that keep 4.5:1 on their colour's shade 0 at the badge's 11 px (Mantine's green 9 gives only 4.07). */
const TEXT: Record<string, string> = { green: '#1e6e31' };

/** Dark text on a light tint of a colour (WCAG AA contrast), whatever the variant says. */
export function ToneBadge({ tone, children, ...rest }: BadgeProps & { tone: string }) {
  return (
    <Badge
      {...rest}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      vars={() => ({
        root: {
          '--badge-color': TEXT[tone] ?? `var(--mantine-color-${tone}-9)`,
          '--badge-bg': `var(--mantine-color-${tone}-0)`,
        },
      })}
    >
      {children}
    </Badge>
  );
}

/**
 * 'Ativo' (green) or 'Inativo' (red), spec section 4, and after 'Inativo' the reason its codes give ("Inativo ·
 * perda", decision 116). The spec's word is an element of its own, so it reads and is found exactly as the spec says.
 */
export function StatusBadge({ card }: { card: CardStateFields }) {
  const active = isCardActive(card);
  const reason = statusReasonOf(card);
  return (
    <ToneBadge tone={active ? 'green' : 'red'} leftSection={<span aria-hidden>●</span>}>
      <span>{active ? messages.cards.active : messages.cards.inactive}</span>
      {reason ? <span> · {messages.cardSearch.reasons[reason]}</span> : null}
    </ToneBadge>
  );
}
