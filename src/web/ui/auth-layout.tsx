import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { sessionMessages } from '../../contracts/session-messages.ts';
import classes from './auth-layout.module.css';
import { IconCreditCard } from './icons.ts';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The sign-in layout: background, centred white card, brand panel on the left from 768 px up. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box component="main" className={classes.page}>
      <Paper shadow="lg" radius="lg" className={classes.card}>
        <Box visibleFrom="sm" className={classes.brand} display="flex">
          <Box>
            <IconCreditCard size={40} stroke={1.5} aria-hidden />
            <Text fz={28} fw={700} mt="xs" lh={1.1}>
              fidis
            </Text>
          </Box>
          <Text fz="lg" fw={500} lh={1.4}>
            {sessionMessages.login.brand}
          </Text>
        </Box>
        <Box className={classes.form}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="gray.7" fz="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Box>
      </Paper>
    </Box>
  );
}
