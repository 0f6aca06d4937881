import { Outlet } from 'react-router';

/** The empty layout (spec §2): the page alone, for screens that bring their own frame. */
export function EmptyLayout() {
  return <Outlet />;
}
