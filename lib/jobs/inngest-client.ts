import { Inngest } from 'inngest';

/** The Inngest client; keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (see enqueue.ts). */
export const inngest = new Inngest({ id: 'tickwork' });
