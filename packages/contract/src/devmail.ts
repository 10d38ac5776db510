import { z } from 'zod';
import { operation } from './operation.js';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  ago: string;
}

/**
 * The offline outbox shown at /dev/mail when no SMTP server is configured: admins only; to anyone
 * else the server answers as for a call that does not exist.
 */
export const fetchOutbox = operation<{ status: 'success'; mails: OutboxMail[] }>()({
  method: 'GET',
  path: 'dev/fetchOutbox',
  audience: 'admin',
  hidden: true,
  input: z.object({}),
});
