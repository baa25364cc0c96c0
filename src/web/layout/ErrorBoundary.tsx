import { Component, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ErrorScreen } from "./ErrorScreen";

type Props = { children: ReactNode; path: string };
type State = { error: unknown; failedAt: string | null };

/** Catches what a page or the layout throws while rendering and shows spec §1's error screen. */
class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.path };
    // Moving to another page (the browser's Back) leaves the error behind, as the router's did.
    return state.failedAt === props.path ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

/** The error boundary of a route, reset when the path changes. */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return <RenderErrorBoundary path={useLocation().pathname}>{children}</RenderErrorBoundary>;
}
