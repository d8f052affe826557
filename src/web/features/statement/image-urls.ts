/**
 * The statement's images as addresses an <img> can show: each name is loaded once per loader
 * (LoadStatementImage: the server with a token, or a file not uploaded yet) and handed out as a
 * blob URL, because the image calls need an Authorization header that a plain <img src> cannot
 * send. The URLs are revoked and running loads cancelled when the statement goes away.
 */
import type { LoadStatementImage } from '../../ui/statement-view.ts';

export class ImageUrls {
  private readonly urls = new Map<string, Promise<string | undefined>>();
  private made: string[] = [];
  private controller = new AbortController();

  constructor(private readonly load: LoadStatementImage | undefined) {}

  /** The blob URL of image `name`; undefined when the challenge has no such image. */
  url(name: string): Promise<string | undefined> {
    let url = this.urls.get(name);
    if (!url) {
      const { signal } = this.controller;
      url = (this.load ? this.load(name, signal) : Promise.resolve(undefined)).then((blob) => {
        if (!blob || signal.aborted) return undefined;
        const made = URL.createObjectURL(blob);
        this.made.push(made);
        return made;
      });
      this.urls.set(name, url);
      // A failed load is asked again next time (the network may be back).
      url.catch(() => this.urls.delete(name));
    }
    return url;
  }

  /** Cancels what is loading and revokes what was made; asking again afterwards loads anew. */
  dispose(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.urls.clear();
    for (const url of this.made) URL.revokeObjectURL(url);
    this.made = [];
  }
}
