import { localizePath, type Language } from '@proxy/contract/languages';
import { hasPermission, type PermissionSubject } from '@proxy/contract/permissions';
import { PANEL_SECTION_PATHS, PANEL_SECTIONS, type PanelSectionId } from '@proxy/contract/routes';

export interface PanelSectionLink {
  readonly id: PanelSectionId;
  readonly to: string;
}

/** The sections this user may open, in the menu's order; a superuser sees them all (spec §6). */
export function panelSections(user: PermissionSubject | null, language: Language): PanelSectionLink[] {
  return PANEL_SECTIONS.filter((section) => hasPermission(user, section.permission)).map((section) => ({
    id: section.id,
    to: localizePath(PANEL_SECTION_PATHS[section.id], language),
  }));
}
