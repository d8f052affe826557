// Statement images through the API (issue 31 item 4), on both databases: a teacher uploads images
// to a challenge (type read from the bytes, SVG refused, size, count and name limits, each refusal
// a 4xx with a message), lists, previews and deletes them; a student who opened the challenge
// reads them by hash through the compiler's guard, with the headers that let caches keep them and
// forbid sniffing; deleting the challenge takes its images' links with it, and the test data's
// clean-up keeps the bytes an image names.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChallengeImage,
  ChallengeImagesResponse,
} from '../../src/contract/challenge-images.ts';
import type { CompilerChallenge } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import { addChallenge, challengeInput, signInStudent } from './compiler-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { gifHeader, pngImage } from './image-fixtures.ts';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

type Answer = { status: number; headers: Headers; body: unknown };

async function upload(
  server: TestServer,
  token: string,
  challengeId: string,
  data: Buffer,
  fileName: string,
  name?: string,
): Promise<Answer> {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  form.append('file', new Blob([data]), fileName);
  const res = await fetch(`${server.url}/api/admin/challenges/${challengeId}/images`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function bytesOf(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(server.url + path, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(databaseKinds)('statement images on %s', (kind) => {
  let server: TestServer;
  let token: string;
  const red = pngImage(3, 2, [255, 0, 0]);
  const blue = pngImage(2, 2, [0, 0, 255]);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    token = await adminToken(server);
    await addChallenge(server, challengeInput('IMG-1'));
    await addChallenge(server, challengeInput('IMG-2'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores an upload under its file name, lists it and gives its bytes back to the preview', async () => {
    const saved = await upload(server, token, 'IMG-1', red, 'Graph 1.png');
    expect(saved).toMatchObject({
      status: 200,
      body: { name: 'Graph-1.png', sha256: sha256(red), mediaType: 'image/png', size: red.length },
    });
    const list = await call(
      server,
      'GET',
      '/api/admin/challenges/IMG-1/images',
      undefined,
      bearer(token),
    );
    expect(list.body).toEqual({ images: [saved.body] });

    const got = await bytesOf(
      server,
      '/api/admin/challenges/IMG-1/images/Graph-1.png',
      bearer(token),
    );
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('etag')).toBe(`"${sha256(red)}"`);
    expect(got.bytes.equals(red)).toBe(true);
    const again = await bytesOf(server, '/api/admin/challenges/IMG-1/images/Graph-1.png', {
      ...bearer(token),
      'if-none-match': `"${sha256(red)}"`,
    });
    expect(again.status).toBe(304);
  });

  it('replaces an image given again under its name, and stores each content once', async () => {
    const named = await upload(server, token, 'IMG-1', blue, 'whatever.png', 'Graph-1.png');
    expect(named.body).toMatchObject({ name: 'Graph-1.png', sha256: sha256(blue) });
    await upload(server, token, 'IMG-2', blue, 'other.png');
    const stored = await queryRows(
      server,
      'select count(*)::int as n from test_data where sha256 = $1',
      [sha256(blue)],
    );
    expect(stored[0]?.n).toBe(1);
    const gif = await upload(server, token, 'IMG-1', gifHeader(), 'anim.gif');
    expect(gif.body).toMatchObject({ name: 'anim.gif', mediaType: 'image/gif' });
    const list = await call(
      server,
      'GET',
      '/api/admin/challenges/IMG-1/images',
      undefined,
      bearer(token),
    );
    expect((list.body as ChallengeImagesResponse).images.map((i) => [i.name, i.sha256])).toEqual([
      ['Graph-1.png', sha256(blue)],
      ['anim.gif', sha256(gifHeader())],
    ]);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP image, by its bytes, with a message', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await upload(server, token, 'IMG-1', svg, 'x.svg', 'x.png')).toMatchObject({
      status: 415,
      body: { message: messages.imageTypeRefused },
    });
    const html = Buffer.from('<!doctype html><img src=x onerror=alert(1)>');
    expect(await upload(server, token, 'IMG-1', html, 'page.png')).toMatchObject({
      status: 415,
      body: { message: messages.imageTypeRefused },
    });
    const big = Buffer.concat([red, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(server, token, 'IMG-1', big, 'big.png')).toMatchObject({
      status: 413,
      body: { message: messages.imageTooLarge.replace('{size}', '2.0 MB') },
    });
    for (const name of ['../x.png', 'x.svg', 'no-extension', '.hidden.png', 'a b.png']) {
      expect(await upload(server, token, 'IMG-1', red, 'f.png', name), name).toMatchObject({
        status: 400,
        body: { message: messages.imageNameInvalid },
      });
    }
    expect(await upload(server, token, 'NOPE-1', red, 'f.png')).toMatchObject({
      status: 404,
      body: { message: messages.challengeNotFound },
    });
    const empty = await upload(server, token, 'IMG-1', Buffer.alloc(0), 'f.png');
    expect(empty).toMatchObject({ status: 400, body: { message: messages.selectFile } });
    const json = await call(
      server,
      'POST',
      '/api/admin/challenges/IMG-1/images',
      {},
      bearer(token),
    );
    expect(json).toMatchObject({ status: 415, body: { message: messages.imageNotMultipart } });
    const missing = await call(
      server,
      'GET',
      '/api/admin/challenges/IMG-1/images/none.png',
      undefined,
      bearer(token),
    );
    expect(missing).toMatchObject({
      status: 404,
      body: { message: messages.imageNotFound.replace('{name}', 'none.png') },
    });
    // Nothing of a refused upload names anything.
    const rows = await queryRows(
      server,
      "select name from challenge_images where challenge_id = 'IMG-1' order by name",
    );
    expect(rows.map((r) => r.name)).toEqual(['Graph-1.png', 'anim.gif']);
  });

  it('keeps at most 20 images on a challenge', async () => {
    await addChallenge(server, challengeInput('IMG-MANY'));
    for (let i = 0; i < 20; i++) {
      const res = await upload(server, token, 'IMG-MANY', pngImage(1, 1, [i, i, i]), `p${i}.png`);
      expect(res.status).toBe(200);
    }
    expect(await upload(server, token, 'IMG-MANY', red, 'one-more.png')).toMatchObject({
      status: 409,
      body: { message: messages.tooManyImages.replace('{count}', '20') },
    });
    // Replacing one of the twenty is not one more.
    expect((await upload(server, token, 'IMG-MANY', red, 'p3.png')).status).toBe(200);
  });

  it('is for administrators only', async () => {
    const student = await signUpStudent(server, `img-${kind}@college.test`);
    expect((await upload(server, student.token, 'IMG-1', red, 'x.png')).status).toBe(403);
    for (const [method, path] of [
      ['GET', '/api/admin/challenges/IMG-1/images'],
      ['GET', '/api/admin/challenges/IMG-1/images/anim.gif'],
      ['DELETE', '/api/admin/challenges/IMG-1/images/anim.gif'],
    ] as const) {
      const asStudent = await call(server, method, path, undefined, bearer(student.token));
      expect(asStudent.status, `${method} ${path}`).toBe(403);
      expect(asStudent.body).toHaveProperty('message');
      const anonymous = await call(server, method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  it('serves a student who opened the challenge its images by hash, cacheable for good', async () => {
    const student = await signInStudent(server, `reader-${kind}@college.test`, 'IMG-1');
    const path = `/api/compiler/challenge/IMG-1/images/${sha256(blue)}`;
    // Not before the statement is opened: the statement's own rule.
    expect((await call(server, 'GET', path, undefined, student.compiler)).status).toBe(404);

    const opened = await call(
      server,
      'GET',
      '/api/compiler/challenge/IMG-1',
      undefined,
      student.compiler,
    );
    expect((opened.body as CompilerChallenge).images).toEqual([
      { name: 'Graph-1.png', sha256: sha256(blue), mediaType: 'image/png' },
      { name: 'anim.gif', sha256: sha256(gifHeader()), mediaType: 'image/gif' },
    ]);
    const got = await bytesOf(server, path, student.compiler);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(blue)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');

    // Another challenge's image, an unknown hash, a bad hash, no application key, a session token.
    const elsewhere = await call(
      server,
      'GET',
      `/api/compiler/challenge/IMG-1/images/${sha256(red)}`,
      undefined,
      student.compiler,
    );
    expect(elsewhere).toMatchObject({
      status: 404,
      body: { message: messages.statementImageNotFound },
    });
    const bad = await call(
      server,
      'GET',
      '/api/compiler/challenge/IMG-1/images/xyz',
      undefined,
      student.compiler,
    );
    expect(bad.status).toBe(400);
    const noKey = await call(server, 'GET', path, undefined, bearer(student.compilerToken));
    expect(noKey.status).toBe(403);
    const session = await call(server, 'GET', path, undefined, {
      ...student.session,
      'x-app-key': student.appKey,
    });
    expect(session.status).toBe(401);
  });

  it('deletes an image, then the whole challenge with its links; the clean-up keeps named bytes', async () => {
    const removed = await call(
      server,
      'DELETE',
      '/api/admin/challenges/IMG-1/images/anim.gif',
      undefined,
      bearer(token),
    );
    expect(removed.status).toBe(200);
    expect(
      (removed.body as ChallengeImagesResponse).images.map((i: ChallengeImage) => i.name),
    ).toEqual(['Graph-1.png']);
    const twice = await call(
      server,
      'DELETE',
      '/api/admin/challenges/IMG-1/images/anim.gif',
      undefined,
      bearer(token),
    );
    expect(twice).toMatchObject({
      status: 404,
      body: { message: messages.imageNotFound.replace('{name}', 'anim.gif') },
    });

    // Everything uploaded "two days ago": the next upload's clean-up removes what no image names.
    await queryRows(server, "update test_data set uploaded_at = now() - interval '2 days'");
    await upload(server, token, 'IMG-2', pngImage(1, 1, [9, 9, 9]), 'fresh.png');
    const kept = await queryRows(server, 'select sha256 from test_data');
    const hashes = kept.map((r) => r.sha256);
    expect(hashes).toContain(sha256(blue)); // Graph-1.png of IMG-1, other.png of IMG-2
    expect(hashes).not.toContain(sha256(gifHeader())); // named by nothing any more

    const deleted = await call(
      server,
      'POST',
      '/api/admin/deleteChallenge?challengeId=IMG-1',
      undefined,
      bearer(token),
    );
    expect(deleted.status).toBe(200);
    const links = await queryRows(
      server,
      "select count(*)::int as n from challenge_images where challenge_id = 'IMG-1'",
    );
    expect(links[0]?.n).toBe(0);
    const list = await call(
      server,
      'GET',
      '/api/admin/challenges/IMG-1/images',
      undefined,
      bearer(token),
    );
    expect(list).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
  });
});
