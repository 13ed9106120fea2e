import { Button } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../../lib/store/index.ts';
import { tabMenu } from './menu.ts';
import classes from './tab-menu.module.css';

/** Whether the row hides tabs before or after what is shown (it scrolls only below 992 px). */
function useOverflow(list: RefObject<HTMLUListElement | null>, shown: string | null) {
  const [more, setMore] = useState({ start: false, end: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is the trigger — another screen, another row.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      setMore({ start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 });
    };
    // The current tab in view, as the operator arrives on its screen; only the row scrolls, never the page.
    const current = element.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && element.scrollWidth > element.clientWidth) {
      element.scrollLeft = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
    }
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [list, shown]);
  return more;
}

/**
 * The horizontal menu of the current area, the current tab highlighted. From 992 px the tabs wrap onto a second line
 * rather than scroll: a tab hidden past the edge (as 'Transações' and 'Cancelar conta cartão' were at 1280 px) is a
 * tab the operator does not know is there. Below it they are one row that scrolls, faded at the edge that hides more
 * (decision 140); each tab is a link, so Tab reaches every one and the browser scrolls it into view.
 */
export function TabMenu() {
  const { pathname } = useLocation();
  const cardSelected = useAppStore((s) => Boolean(s.relationship.currentCard));
  const cardId = useAppStore((s) => s.relationship.currentAccount?.uuid ?? null);
  const list = useRef<HTMLUListElement>(null);
  const menu = tabMenu(pathname, cardSelected, cardId);
  const more = useOverflow(list, menu ? `${pathname} ${cardSelected}` : null);
  if (!menu) return null;
  return (
    <nav
      aria-label={menu.label}
      className={classes.nav}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
      <ul className={classes.list} ref={list}>
        {menu.items.map((item) => (
          <li key={item.link}>
            {item.disabled ? (
              <Button variant="subtle" color="gray" size="sm" disabled>
                {item.title}
              </Button>
            ) : (
              <Button
                component={Link}
                to={item.link}
                variant={item.active ? 'filled' : 'subtle'}
                size="sm"
                aria-current={item.active ? 'page' : undefined}
              >
                {item.title}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
