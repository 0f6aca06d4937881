import type { Language } from '@proxy/contract/languages';
import { hasPermission, type PermissionSubject } from '@proxy/contract/permissions';
import { PANEL_SECTIONS, paths, type PanelSectionId } from '@proxy/contract/routes';

/** Where each panel section lives (spec §2 panel menu: Users, Updates, Pages, Payment methods). */
const SECTION_PATHS: Readonly<Record<PanelSectionId, (language: Language) => string>> = {
  users: paths.panelUsers,
  versions: paths.panelVersions,
  pages: paths.panelPages,
  payments: paths.panelPayments,
};

export interface PanelSectionLink {
  readonly id: PanelSectionId;
  readonly to: string;
}

/** The section an address (without its language prefix) belongs to: `/panel/users/4` → users. */
export function panelSectionAt(path: string): (typeof PANEL_SECTIONS)[number] | undefined {
  return PANEL_SECTIONS.find((section) => {
    const base = SECTION_PATHS[section.id]('ru');
    return path === base || path.startsWith(`${base}/`);
  });
}

/** The sections this user may open, in the menu's order; a superuser sees them all (spec §6). */
export function panelSections(user: PermissionSubject | null, language: Language): PanelSectionLink[] {
  return PANEL_SECTIONS.filter((section) => hasPermission(user, section.permission)).map((section) => ({
    id: section.id,
    to: SECTION_PATHS[section.id](language),
  }));
}
