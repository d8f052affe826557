/**
 * The rendered statement: the lazy chunk behind statement.tsx, holding the Markdown pipeline,
 * KaTeX and KaTeX's stylesheet (its fonts are files of our own build, served by our server and
 * precached by the service worker with the rest of the app, so math renders offline).
 */
import 'katex/dist/katex.min.css';
import './statement-markdown.css';
import { createElement, useEffect, useMemo, type ComponentProps } from 'react';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { StatementViewProps } from '../../ui/statement-view.ts';
import { ImageUrls } from './image-urls.ts';
import { statementTree } from './markdown-pipeline.ts';
import { CLOBBER_PREFIX } from './sanitize-schema.ts';
import { ImageUrlsContext, StatementImage } from './statement-image.tsx';

/**
 * A link of the statement. One without an address is only its text; one to a footnote stays on the page (with the prefix the sanitiser
 * gave its target's id); any other opens in a new tab: the statement is read inside the test's
 * frame, which a followed link would replace.
 */
function StatementLink({ href, children, ...rest }: ComponentProps<'a'>) {
  // The sanitiser took its address away (javascript:, data:): its text stays, as text.
  if (!href) return <span>{children}</span>;
  if (href.startsWith('#'))
    return (
      <a {...rest} href={`#${CLOBBER_PREFIX}${href.slice(1)}`}>
        {children}
      </a>
    );
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * A heading of the statement, one level under the page's own: the statement sits below the
 * challenge's name and "Problem" (h1, h2 on the compiler page), so its `#` is an h3 and so on,
 * and screen readers' heading lists nest properly. Its look follows the level written.
 */
function headingOf(written: 1 | 2 | 3 | 4 | 5 | 6) {
  const tag = `h${Math.min(6, written + 2)}`;
  return function StatementHeading({ className, ...rest }: ComponentProps<'h1'>) {
    const classes = [className, `statement-md__h${written}`].filter(Boolean).join(' ');
    return createElement(tag, { ...rest, className: classes });
  };
}

const components = {
  a: StatementLink,
  img: StatementImage,
  h1: headingOf(1),
  h2: headingOf(2),
  h3: headingOf(3),
  h4: headingOf(4),
  h5: headingOf(5),
  h6: headingOf(6),
};

export default function StatementMarkdown({ markdown, loadImage }: StatementViewProps) {
  const tree = useMemo(() => statementTree(markdown), [markdown]);
  const urls = useMemo(() => new ImageUrls(loadImage), [loadImage]);
  useEffect(() => () => urls.dispose(), [urls]);
  const content = useMemo(
    () => toJsxRuntime(tree, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true }),
    [tree],
  );
  return (
    <ImageUrlsContext value={urls}>
      <div className="statement-md" data-testid="statement-rendered">
        {content}
      </div>
    </ImageUrlsContext>
  );
}
