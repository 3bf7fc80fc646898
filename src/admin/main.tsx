import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n } from './i18n.js';
import { AppProviders } from './providers.js';

const root = document.getElementById('root');
if (root) {
  const language = await initI18n();
  createRoot(root).render(
    <StrictMode>
      <AppProviders language={language}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}
