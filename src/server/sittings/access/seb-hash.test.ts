import { describe, expect, it } from 'vitest';
import { checkSebHeader, configKeyHash, requestUrl } from './seb-hash.ts';

// SEB's developer documentation (Config Key, "Checking the Config Key which SEB clients send"):
// the header is the Base16 SHA-256 of the absolute URL without its fragment, followed by the
// Config Key. The expected values below were computed outside this code, with coreutils:
//   printf '%s' '<url>' '<key>' | sha256sum
const KEY = '81aad4ab9dfd447cc479e6a4a7c9a544e2cafc7f3adeb68b2a21efad68eca4dc';
const URL_1 = 'https://exam.campus.example/api/compiler/challenge/ARRAYS1?examCode=MID-1&x=%C3%A9';
const HASH_1 = 'dc59ee657b2ba6c494f7c332c1893363f62927b7aae97e79793bf489984f8d65';
const HASH_2 = '980d07b61e6d0cf743bb887ef3add60f10697660b70763537176d6761f9219be';

describe('configKeyHash', () => {
  it('hashes the URL followed by the Config Key, as SEB does', () => {
    expect(configKeyHash(URL_1, KEY)).toBe(HASH_1);
    expect(configKeyHash('https://exam.campus.example/exams/MID-1', KEY)).toBe(HASH_2);
  });

  it('leaves a fragment out', () => {
    expect(configKeyHash('https://exam.campus.example/exams/MID-1#problem-2', KEY)).toBe(HASH_2);
  });
});

describe('checkSebHeader', () => {
  const request = (hash?: string) => ({
    protocol: 'https' as const,
    host: 'exam.campus.example',
    url: '/api/compiler/challenge/ARRAYS1?examCode=MID-1&x=%C3%A9',
    headers: hash === undefined ? {} : { 'x-safeexambrowser-configkeyhash': hash },
  });

  it('rebuilds the absolute URL the browser sent the request to', () => {
    expect(requestUrl(request())).toBe(URL_1);
  });

  it('accepts the hash of the exact URL, in either case', () => {
    expect(checkSebHeader(request(HASH_1), KEY)).toBe('ok');
    expect(checkSebHeader(request(HASH_1.toUpperCase()), KEY)).toBe('ok');
  });

  it('tells a missing header from a wrong one', () => {
    expect(checkSebHeader(request(), KEY)).toBe('missing');
    expect(checkSebHeader(request(''), KEY)).toBe('missing');
    // Another URL's hash (the same key): refused.
    expect(checkSebHeader(request(HASH_2), KEY)).toBe('wrong');
    expect(checkSebHeader(request('abc'), KEY)).toBe('wrong');
  });
});
