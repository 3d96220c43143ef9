import './zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installErrorCollector } from './features/logs/appLog/errorCollector';
import { startPwa } from './pwa';

startPwa();
installErrorCollector();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
