import { z } from 'zod';
import { operation } from './operation.js';

export interface Alert {
  id: number;
  content: string;
  ago: string;
  link: string;
  seen: boolean;
}

export const checkMessagesAndAlerts = operation<{
  status: 'success';
  messageCount: number;
  alertCount: number;
}>()({
  method: 'GET',
  path: 'alerts/checkMessagesAndAlerts',
  audience: 'member',
  input: z.object({}),
});

/** Opening the list marks the member's alerts as seen. */
export const fetchAlertList = operation<{ status: 'success'; alerts: Alert[] }>()({
  method: 'GET',
  path: 'alerts/fetchAlertList',
  audience: 'member',
  input: z.object({}),
});
