import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n } from './i18n.js';
import { loadLocalePack } from './locale-pack.js';
import { AppProviders } from './providers.js';

const root = document.getElementById('root');
if (root) {
  const language = await initI18n();
  const antdLocale = await loadLocalePack(language);
  createRoot(root).render(
    <StrictMode>
      <AppProviders language={language} antdLocale={antdLocale}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}
