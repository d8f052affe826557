/**
 * An image of the statement, `![alt](name.png)`: only a name of the challenge's own images is
 * loaded (through image-urls.ts). Anything else (another site's address, `data:`, a path) is not
 * fetched: the portal's Content-Security-Policy would refuse it anyway, and a statement must not
 * depend on, nor report its readers to, another server. While it loads, its alt text holds its
 * place; what cannot be shown says so.
 */
import { createContext, useContext, useEffect, useState, type ComponentProps } from 'react';
import { CHALLENGE_IMAGE_NAME_PATTERN } from '../../../contract/challenge-images.ts';
import { messages } from '../../../contract/messages.ts';
import type { ImageUrls } from './image-urls.ts';

export const ImageUrlsContext = createContext<ImageUrls | null>(null);

/** The image name an `src` written in the Markdown refers to, if it is one. */
export function imageNameOf(src: string | undefined): string | undefined {
  if (!src) return undefined;
  let name = src.replace(/^\.\//u, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    return undefined;
  }
  return CHALLENGE_IMAGE_NAME_PATTERN.test(name) ? name : undefined;
}

type Shown = { name: string; url: string | undefined };

export function StatementImage({ src, alt, title }: ComponentProps<'img'>) {
  const urls = useContext(ImageUrlsContext);
  const name = imageNameOf(src);
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!urls || !name) return;
    let live = true;
    urls.url(name).then(
      (url) => live && setShown({ name, url }),
      () => live && setShown({ name, url: undefined }),
    );
    return () => {
      live = false;
    };
  }, [urls, name]);

  const label = alt || name || src || '';
  if (name && shown?.name === name && shown.url)
    return <img className="statement-md__image" src={shown.url} alt={alt ?? ''} title={title} />;
  if (!name || shown?.name === name)
    return (
      <span className="statement-md__image-missing" role="img" aria-label={label}>
        {messages.statementImageMissing.replace('{name}', label)}
      </span>
    );
  return (
    <span className="statement-md__image-loading" role="img" aria-label={label}>
      {messages.statementImageLoading.replace('{name}', label)}
    </span>
  );
}
