import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/AppRoutes.tsx';
import { Router } from './router/router.tsx';
import { UpdatePrompt } from './offline/UpdatePrompt.tsx';
import { registerServiceWorker } from './reminders/serviceWorker.ts';
import { initTheme } from './theme/theme.ts';
import './ui/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

initTheme();
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <Router>
      <AppRoutes />
      <UpdatePrompt />
    </Router>
  </StrictMode>,
);
