import { List, Stack, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import type { ControlsImpact } from '../../../../contracts/spending-controls.ts';

const m = messages.spending;

/** A preview of the last 30 days: the card's, or (with `cards`) the company default's over the cards that follow it. */
export type ImpactPreview = ControlsImpact & { cards?: number };

/** How many of the last 30 days' purchases the controls would deny, and by which control. */
export function ImpactSummary({ impact }: { impact: ImpactPreview }) {
  const headline =
    impact.cards === undefined
      ? m.impact(impact.wouldDecline, impact.approved)
      : m.companyImpact(impact.wouldDecline, impact.approved, impact.cards);
  return (
    <Stack gap={4} data-testid="controls-impact">
      <Text fz="sm">{headline}</Text>
      {impact.byControl.length > 0 ? (
        <>
          <Text fz="sm" fw={600} id="controls-impact-by">
            {m.impactByTitle}
          </Text>
          <List fz="sm" spacing={2} aria-labelledby="controls-impact-by">
            {impact.byControl.map(({ code, count }) => (
              <List.Item key={code}>{m.impactBy(m.impactControls[code], count)}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
