/** The PDA's entry: translations, storage kept from eviction, then the app. */
import { createRoot } from 'react-dom/client';
import { clientHooks } from '@api/client.js';
import { PdaApp } from './shell/app.js';
import { unlockAudioOnGesture } from './kit/feedback.js';
import { createPdaServices } from './shell/sync-context.js';
import { initPdaI18n } from './i18n.js';
import './pda.css';

async function start() {
  const language = await initPdaI18n();
  clientHooks.language = () => language;
  unlockAudioOnGesture();
  // The outbox must survive storage pressure; the browser may still say no.
  void navigator.storage?.persist?.().catch(() => false);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(<PdaApp services={createPdaServices()} />);
}

void start();
