/** What the panel's content writes may be refused for (the errors plugin words each one). */
import { defineRefusals } from '../../lib/refusal.ts';
import { CONTENT_MESSAGES } from './messages.ts';

export const CONTENT_REFUSALS = defineRefusals('content', {
  slugTaken: { status: 400, field: 'slug', message: CONTENT_MESSAGES.slugTaken },
  /** A slug the site's own sections use (`RESERVED_SLUGS`): the page could never be reached. */
  slugReserved: { status: 400, field: 'slug', message: CONTENT_MESSAGES.slugReserved },
  anchorTaken: { status: 400, field: 'anchor', message: CONTENT_MESSAGES.anchorTaken },
  /** Without it `/` would have nothing to show; staff unpublish its blocks instead. */
  homeProtected: { status: 400, message: CONTENT_MESSAGES.homeProtected },
  /** The menu has two levels: a parent must be a top-level item, and an item with children stays at the top. */
  badParent: { status: 400, field: 'parent_id', message: CONTENT_MESSAGES.badParent },
});
