import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './ErrorState.tsx';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the location) clears a caught error. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Catches render and chunk-loading errors of a page and shows a designed error state with a retry. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: undefined };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorState /> : this.props.children;
  }
}
