// Runs the WhatsApp Cloud API fake (whatsapp-fake.ts) in a process of its own, for journeys:
// prints one JSON line with the server environment that points a shop at it, then serves
// until killed. The fake reports 'sent' then 'delivered' for each message it accepts, signed,
// to the webhook URL a journey posts to /__control/webhook.
// Usage: tsx apps/server/src/test/whatsapp-fake-cli.ts
import { fakeWhatsAppEnv, startFakeWhatsApp } from './whatsapp-fake.js';

const fake = await startFakeWhatsApp({ autoStatuses: ['sent', 'delivered'] });
process.stdout.write(`${JSON.stringify(fakeWhatsAppEnv(fake))}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
