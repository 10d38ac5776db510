import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.scss';
import { App } from './app/App';
import { ErrorBoundary } from './app/screens/ErrorBoundary';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
