import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { claimChunkReload, isChunkLoadError } from '../federation/chunk-reload.ts';
import { RemoteUnavailableError, SectionNotDeployedError } from '../federation/remotes.ts';
import { ErrorPageBoundary } from './ErrorBoundary.tsx';
import { ErrorPage, ErrorPageFailed } from './ErrorPage.tsx';
import { toErrorInfo } from './error-info.ts';
import { SectionUnavailable } from './SectionUnavailable.tsx';

/**
 * The error boundary around each remote's routes. A remote that cannot be loaded (or whose chunk fails after a
 * redeploy, once the guarded reload was spent) gets a section-level message; a page that answers with a status
 * (a 404 from the API, a failed validate check) gets the error page with that status.
 */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof RemoteUnavailableError) return <SectionUnavailable />;
  if (error instanceof SectionNotDeployedError) return <SectionUnavailable notDeployed />;
  if (isChunkLoadError(error)) return <ChunkLoadFailure />;
  const { status, message, network } = toErrorInfo(error);
  return (
    <ErrorPageBoundary fallback={<ErrorPageFailed status={status} />}>
      <ErrorPage status={status} message={message} network={network} />
    </ErrorPageBoundary>
  );
}

/** Reloads the page once (new deployment, new chunk names); a second failure within 60 s shows the message. */
function ChunkLoadFailure() {
  const [reload] = useState(() => claimChunkReload(Date.now(), window.sessionStorage));
  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);
  return reload ? null : <SectionUnavailable />;
}
