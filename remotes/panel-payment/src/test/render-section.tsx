import { renderRoutes } from './setup.tsx';
import { PaymentsSection } from '../PaymentsSection.tsx';

/** The Payments section at `path` (`/en/panel/payment?tab=…`), with the method screens as stand-ins. */
export const renderSection = (path = '/en/panel/payment') =>
  renderRoutes([{ path: '/en/panel/payment', Component: PaymentsSection }, { path: '/en/panel/payment/:id' }], path);
