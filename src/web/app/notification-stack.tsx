// Mantine's notification stack with its transitions and styles: a chunk of its own, loaded on first use.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_LIMIT } from '../lib/notify/limit.ts';

export default function NotificationStack() {
  return <Notifications position="top-right" limit={NOTIFICATION_LIMIT} />;
}
