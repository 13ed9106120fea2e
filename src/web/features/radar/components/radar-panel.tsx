// The lifecycle radar on /home (decision 083): five counts, each a link to its list. A zero is said calmly, in gray;
// a count that needs attention is the portal's teal, never red: these are chores, not alarms. Below 576 px the panel
// is one line that opens on request, so the cards list stays on the first screen of a phone.
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../contracts/messages.ts';
import type { RadarCounts } from '../../../../contracts/radar.ts';
import { useRadar } from '../api/radar.ts';
import { CATEGORIES, radarListPath } from '../lib/categories.ts';
import classes from './radar-panel.module.css';

const m = messages.radar;
const number = new Intl.NumberFormat('pt-BR');
const LIST_ID = 'radar-counts';

function Counts({ counts }: { counts: RadarCounts }) {
  return (
    <ul className={classes.grid} aria-label={m.title} id={LIST_ID}>
      {CATEGORIES.map((category) => {
        const count = counts[category];
        return (
          <li key={category}>
            <Link to={radarListPath(category)} className={classes.item} data-category={category}>
              <span className={count === 0 ? `${classes.count} ${classes.zero}` : classes.count}>
                {number.format(count)}
              </span>
              {/* A space for the link's name ("31 Com senha bloqueada"); the flex layout does not show it. */}{' '}
              <span className={classes.label}>{m.categories[category]}</span>
              {count === 0 ? (
                <Text component="span" fz="xs" c="gray.7">
                  {m.allClear}
                </Text>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function RadarPanel() {
  const radar = useRadar();
  const small = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  const lists = radar.data ? CATEGORIES.filter((c) => radar.data.counts[c] > 0).length : 0;
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-labelledby="radar-title" bg="gray.0">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} id="radar-title" fz="md">
            {m.title}
          </Title>
          {small ? null : (
            <Text fz="xs" c="gray.7">
              {m.intro}
            </Text>
          )}
        </Group>
        {radar.isPending ? (
          <Group role="status" aria-label={m.loading} gap="xs" py={4}>
            <Loader size="sm" />
            <Text fz="sm" c="gray.7">
              {m.loading}
            </Text>
          </Group>
        ) : radar.isError ? (
          // Polite, not an alert: the screen's own alerts (the CPF search's) stay the only ones on /home.
          <Group gap="xs" aria-live="polite">
            <Text fz="sm" c="gray.8">
              {m.failure}
            </Text>
            <Button size="xs" variant="light" onClick={() => radar.refetch()}>
              {m.retry}
            </Button>
          </Group>
        ) : (
          <>
            {small ? (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" c="gray.7">
                  {m.summary(lists)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-expanded={opened}
                  aria-controls={opened ? LIST_ID : undefined}
                  onClick={() => setOpened((o) => !o)}
                >
                  {opened ? m.hide : m.show}
                </Button>
              </Group>
            ) : null}
            {small && !opened ? null : <Counts counts={radar.data.counts} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
