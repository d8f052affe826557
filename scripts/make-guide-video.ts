/**
 * Records the guide video shown in the 'How It Works' dialog from the real app: builds the web
 * app, starts the real server on a free port with a throw-away DATA_DIR, walks the student
 * journey in Chromium (open site, sign up, step 2, type a code, test screen), takes a screenshot
 * of each step and stitches them with ffmpeg into public/guide/portal-guide.webm (VP9), with
 * captions in public/guide/portal-guide.vtt. It also saves docs/student-screen.png for the README.
 *
 * Run: npx tsx scripts/make-guide-video.ts   (needs /usr/bin/chromium and /usr/bin/ffmpeg)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', 'guide');
const videoFile = path.join(outDir, 'portal-guide.webm');
const captionsFile = path.join(outDir, 'portal-guide.vtt');
const readmeShot = path.join(root, 'docs', 'student-screen.png');
const SECONDS_PER_SLIDE = 4;
const VIEWPORT = { width: 1280, height: 800 };

type Slide = { file: string; caption: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy within 60 s');
}

function startServer(port: number, dataDir: string): ChildProcess {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  return spawn(tsx, ['src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
}

async function settle(page: Page): Promise<void> {
  // Let transitions (tab indicator, focus rings) finish before the picture is taken.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
}

async function recordSlides(baseUrl: string, workDir: string): Promise<Slide[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const slides: Slide[] = [];
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      colorScheme: 'light',
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    const shot = async (caption: string) => {
      await settle(page);
      const file = path.join(workDir, `slide-${slides.length + 1}.png`);
      await page.screenshot({ path: file });
      slides.push({ file, caption });
    };

    await page.goto(baseUrl);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.mouse.move(0, 0);
    await shot(
      'Open the portal. Step 1: log in with your email and password, or sign up if you are new.',
    );
    fs.mkdirSync(path.dirname(readmeShot), { recursive: true });
    const [first] = slides;
    if (first) fs.copyFileSync(first.file, readmeShot);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Name').fill('ada lovelace');
    await signUp.getByLabel('Email').fill('ada.lovelace@college.edu');
    await signUp.getByLabel('Password').fill('Analytical-Engine-1843');
    await signUp.getByLabel('Password').blur();
    await shot(
      'Sign Up: enter your name, email and a password of at least 8 characters. Remember it for future logins.',
    );

    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    const code = page.getByLabel('Test code', { exact: true });
    await code.waitFor();
    await page.locator(':focus').evaluate((element) => (element as HTMLElement).blur());
    await shot('Step 2: you are signed in. Your name and email are shown at the top.');

    await code.fill('CS101-MIDTERM');
    await shot('Type the test code your instructor gave you, then press Start Test.');

    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.waitForURL('**/challenges/CS101-MIDTERM');
    await page.getByTestId('challenge-id').waitFor();
    await shot(
      'The test screen opens for that code. Good luck! Use Log Out at the top when you are done.',
    );
    await context.close();
  } finally {
    await browser.close();
  }
  return slides;
}

function vttTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `00:${String(minutes).padStart(2, '0')}:${rest.toFixed(3).padStart(6, '0')}`;
}

function writeCaptions(slides: Slide[]): void {
  const cues = slides.map((slide, index) => {
    const start = index * SECONDS_PER_SLIDE;
    return `${index + 1}\n${vttTime(start)} --> ${vttTime(start + SECONDS_PER_SLIDE)}\n${slide.caption}\n`;
  });
  fs.writeFileSync(captionsFile, `WEBVTT\n\n${cues.join('\n')}`);
}

function encodeVideo(slides: Slide[], workDir: string): void {
  // The concat demuxer shows each picture for its duration; the last one is listed twice because
  // the demuxer ignores the duration of the final entry.
  const list = slides.map((slide) => `file '${slide.file}'\nduration ${SECONDS_PER_SLIDE}`);
  const last = slides.at(-1);
  if (!last) throw new Error('No slides were recorded');
  list.push(`file '${last.file}'`);
  const listFile = path.join(workDir, 'slides.txt');
  fs.writeFileSync(listFile, list.join('\n') + '\n');
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      listFile,
      '-vf',
      `fps=5,scale=${VIEWPORT.width}:${VIEWPORT.height}:flags=lanczos,format=yuv420p`,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '36',
      '-g',
      '10',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-an',
      '-t',
      String(slides.length * SECONDS_PER_SLIDE),
      videoFile,
    ],
    { stdio: 'inherit' },
  );
}

async function main(): Promise<void> {
  execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], {
    cwd: root,
    stdio: 'inherit',
  });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-guide-'));
  const dataDir = path.join(workDir, 'data');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    await waitForHealth(baseUrl, server);
    const slides = await recordSlides(baseUrl, workDir);
    fs.mkdirSync(outDir, { recursive: true });
    encodeVideo(slides, workDir);
    writeCaptions(slides);
    const size = fs.statSync(videoFile).size;
    console.log(
      `Wrote ${path.relative(root, videoFile)} (${(size / 1024).toFixed(0)} KiB, ${slides.length} slides),`,
    );
    console.log(
      `      ${path.relative(root, captionsFile)} and ${path.relative(root, readmeShot)}.`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
