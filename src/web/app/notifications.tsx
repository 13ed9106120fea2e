// Most visits never show a notification, so the stack (its transitions, drag and scroll handling, some 8 KB
// gzip) is left out of the first load and mounted the first time the store holds one. The store itself is tiny
// and is what notify() writes to, so nothing shown before the mount is lost.
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { NOTIFICATION_LIMIT } from '../lib/notify/limit.ts';
import { onDemand } from '../lib/on-demand.ts';

// The stack applies its limit when it mounts; the ones shown before that already respect it.
notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATION_LIMIT }));

const NotificationStack = lazy(() => onDemand(() => import('./notification-stack.tsx')));

export function AppNotifications() {
  const { notifications, queue } = useNotifications(notificationsStore);
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  );
}
