import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './shell/AppLayout';
import { HomePage } from './pages/HomePage';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [{ path: '/', element: <HomePage /> }],
  },
];
