import { renderRoutes } from './setup.tsx';
import { FarmSection } from '../FarmSection.tsx';

/** The Farm section at `path` (`/en/panel/farm?tab=…`), with the edit and add screens as stand-ins. */
export const renderSection = (path = '/en/panel/farm') =>
  renderRoutes(
    [
      { path: '/en/panel/farm', Component: FarmSection },
      { path: '/en/panel/farm/modems/:id' },
      { path: '/en/panel/farm/hosts/:id' },
    ],
    path,
  );
