import { type CSSVariablesResolver, createTheme, Loader } from '@mantine/core';
import type { CSSProperties } from 'react';
import { SPINNER_TURN_MS } from '../../contracts/constants.ts';
import loader from './loader.module.css';

/** Calm teal primary; Mantine's xs/sm/md breakpoints are the spec's 576, 768 and 992 px. */
export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white text on filled buttons above 4.5:1 (WCAG AA); lighter teals fall below it.
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // Every spinner (screens, buttons) turns once a second (spec section 9); Mantine's oval takes 1.2 s. What turns is
    // the oval's ::after, which no inline style reaches: the class sets its duration from this variable.
    Loader: Loader.extend({
      classNames: { root: loader.loader },
      styles: { root: { '--spinner-turn': `${SPINNER_TURN_MS}ms` } as CSSProperties },
    }),
    // The defaults below are plain objects, not `Component.extend(…)`: the theme is in the entry every route loads,
    // and importing a component to name its defaults put it there too (Tooltip brought floating-ui: the login
    // route's initial JS went from 149 to 169 KB, issue 27's budget of 150).
    // A dialog's title bar is not the page's banner: Mantine draws it as <header>, a second banner landmark beside
    // the top bar's (axe best practice, issue 27). Its title keeps naming the dialog.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A tooltip stays inside the landmark of what it explains rather than in a portal outside every landmark; fixed
    // positioning keeps it from being cut by a scrolling table around its button.
    Tooltip: { defaultProps: { withinPortal: false, floatingStrategy: 'fixed' } },
  },
});

/**
 * Light variants (active menu items, secondary buttons): teal-9 text on teal-1, the hover background, is 4.33:1;
 * a darker teal text keeps 6:1 there and more on teal-0.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
    '--mantine-color-teal-light-color': '#066649',
    // Mantine's hover for shade 9 is the lighter shade 8 (3.9:1 under white text); a darker teal keeps 4.5:1.
    '--mantine-color-teal-filled-hover': '#066649',
    // A field's error text (red 6 is 3.3:1 on white): red 9 keeps 4.5:1 now that fields say their own errors.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
