// Last line of defence against a blank window: a render error shows its message and a way back.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  label: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`ctrlg: ${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-notice" role="alert" data-testid="render-error">
        <span className="error-code">render_error</span>
        <span className="error-message">
          {this.props.label}: {this.state.error.message}
        </span>
        <button type="button" className="button small" onClick={() => this.setState({ error: null })}>
          Retry
        </button>
      </div>
    );
  }
}
