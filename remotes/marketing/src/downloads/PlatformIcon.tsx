import { PLATFORM_ICON_PATHS } from '@proxy/contract/platform-icons';
import type { Platform } from '@proxy/contract/schemas/versions';

/** A platform's mark, hidden from screen readers: the platform's name is always written beside it. */
export function PlatformIcon({ platform, size = 28 }: { platform: Platform; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PLATFORM_ICON_PATHS[platform]} />
    </svg>
  );
}
