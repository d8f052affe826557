import { describe, expect, it } from 'vitest';
import { takeCompilerCredentials } from './compiler-credentials.ts';

const TOKEN = 'aaa.bbb.ccc';

describe('compiler credentials', () => {
  it('takes the token from the fragment, clears it from the address and keeps it for a reload', () => {
    window.history.replaceState({ key: 'router' }, '', `/compiler/C-1?appKey=k1#token=${TOKEN}`);
    expect(takeCompilerCredentials('C-1')).toEqual({ token: TOKEN, appKey: 'k1' });
    expect(window.location.pathname + window.location.search).toBe('/compiler/C-1?appKey=k1');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.history.state).toEqual({ key: 'router' });
    // A reload of the frame: the address has no token any more.
    expect(takeCompilerCredentials('C-1')).toEqual({ token: TOKEN, appKey: 'k1' });
    expect(takeCompilerCredentials('C-2')).toEqual({ token: '', appKey: 'k1' });
  });

  it('also clears a token given in the query by an older address template', () => {
    window.history.replaceState(null, '', `/compiler/C-3?appKey=k2&token=${TOKEN}`);
    expect(takeCompilerCredentials('C-3')).toEqual({ token: TOKEN, appKey: 'k2' });
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.search).toBe('?appKey=k2');
  });

  it('a fresh token in the address wins over the one kept from before', () => {
    window.history.replaceState(null, '', `/compiler/C-4?appKey=k#token=old`);
    takeCompilerCredentials('C-4');
    window.history.replaceState(null, '', `/compiler/C-4?appKey=k#token=new`);
    expect(takeCompilerCredentials('C-4').token).toBe('new');
  });

  it("keeps an exam problem's token apart from the same challenge sat alone", () => {
    window.history.replaceState(null, '', `/compiler/C-5?appKey=k&exam=E1#token=exam-token`);
    expect(takeCompilerCredentials('C-5', 'E1').token).toBe('exam-token');
    // The exam stays in the address: the page's calls name it.
    expect(window.location.search).toBe('?appKey=k&exam=E1');
    window.history.replaceState(null, '', `/compiler/C-5?appKey=k#token=alone-token`);
    expect(takeCompilerCredentials('C-5').token).toBe('alone-token');
    // Reloads of each frame find their own.
    window.history.replaceState(null, '', `/compiler/C-5?appKey=k&exam=E1`);
    expect(takeCompilerCredentials('C-5', 'e1').token).toBe('exam-token');
    window.history.replaceState(null, '', `/compiler/C-5?appKey=k`);
    expect(takeCompilerCredentials('C-5').token).toBe('alone-token');
  });
});
