// A component test of this section renders in the kit's shared harness, with this section's translations.
import { sectionHarness } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

export const { Providers, renderRoutes, renderForm } = sectionHarness('panel-farm', { ru, en });
