// A component test of this section renders in the kit's shared harness, with this section's translations.
import { sectionProviders } from '@proxy/panel-kit/testing';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';

export { installBrowserStubs, signIn, stubApi, type Call } from '@proxy/panel-kit/testing';

export const Providers = sectionProviders('panel-users', { ru, en });
