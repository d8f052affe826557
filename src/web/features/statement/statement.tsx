/**
 * `<Statement markdown loadImage>`: a challenge's description rendered (Markdown, math, images,
 * sanitised: markdown-pipeline.ts). The renderer is a lazy chunk (statement-markdown.tsx): the
 * first screen never downloads it, and until it has loaded, or if it cannot load, the statement
 * shows as the plain text it is, in the same box, so nothing is ever missing from the page.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { StatementViewProps } from '../../ui/statement-view.ts';
import './statement.css';

/** Starts loading the renderer early (a page that will show a statement calls it as it opens). */
export const loadStatementRenderer = () => import('./statement-markdown.tsx');

const StatementMarkdown = lazy(loadStatementRenderer);

function PlainStatement({ markdown }: { markdown: string }) {
  return (
    <div className="statement-md statement-md--plain" data-testid="statement-plain">
      {markdown}
    </div>
  );
}

type BoundaryProps = { markdown: string; children: ReactNode };

/** A renderer that failed to load (offline on a build never cached) leaves the plain text. */
class PlainOnFailure extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  /** The teacher's preview tries again with the next keystroke. */
  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.markdown !== this.props.markdown)
      this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? (
      <PlainStatement markdown={this.props.markdown} />
    ) : (
      this.props.children
    );
  }
}

export function Statement({ markdown, loadImage }: StatementViewProps) {
  return (
    <PlainOnFailure markdown={markdown}>
      <Suspense fallback={<PlainStatement markdown={markdown} />}>
        <StatementMarkdown markdown={markdown} loadImage={loadImage} />
      </Suspense>
    </PlainOnFailure>
  );
}
