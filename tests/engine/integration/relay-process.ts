// The relay on its own in a child process, as the production server runs it: the relay tests kill
// it with SIGKILL in the middle of a send. Settings come as JSON in RELAY_TEST_SETTINGS.
import { ENGINE_MESSAGES } from '../../../common/messages.ts';
import type { RelayTiming } from '../../../server/backend-config.ts';
import { ContactStore } from '../../../server/contact-store.ts';
import { OutboxRelay, smtpMailer } from '../../../server/outbox-relay.ts';

const { dataDir, smtpUrl, timing } = JSON.parse(process.env.RELAY_TEST_SETTINGS ?? '{}') as {
  dataDir: string;
  smtpUrl: string;
  timing: RelayTiming;
};
const store = ContactStore.open(dataDir, { relay: true });
const mail = {
  to: 'owners@almwerk.example',
  from: 'website@almwerk.example',
  siteTitle: 'Fixture',
  t: ENGINE_MESSAGES.en.contact,
  domain: 'fixture.example',
};
const relay = new OutboxRelay(store, smtpMailer({ url: smtpUrl, to: mail.to, from: mail.from }, timing), mail, timing, {
  log: () => undefined,
  error: () => undefined,
});
relay.start();
process.stdout.write('relaying\n');
