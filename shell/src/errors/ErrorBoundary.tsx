import { Component, type ReactNode } from 'react';

/**
 * Spec §2: "a message appears if the error page itself fails". The fallback is plain markup with no translations
 * or router, so nothing it needs can be what failed.
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
