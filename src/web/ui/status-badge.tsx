import { Badge, type BadgeProps } from '@mantine/core';
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

/** 'Ativo' (green) or 'Inativo' (red). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <ToneBadge tone={active ? 'green' : 'red'} leftSection={<span aria-hidden>●</span>}>
      {active ? messages.cards.active : messages.cards.inactive}
    </ToneBadge>
  );
}
