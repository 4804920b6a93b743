// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionCookie } from './connection-cookie';
import { connectionStorageKey, forgetOtherConnections } from './connection-storage.client';

describe('what the browser keeps per connection', () => {
  beforeEach(() => localStorage.clear());

  it('is removed for every connection the session no longer holds, and kept for the others', () => {
    for (const area of ['recent', 'explorer-history', 'changes-last-visit', 'table.contracts'])
      for (const id of ['kept1', 'gone2']) localStorage.setItem(connectionStorageKey(area, id), '[]');
    localStorage.setItem('someone-else', 'x');
    localStorage.setItem('rooster.table.kept1.contracts', '{}'); // the former forms go too
    localStorage.setItem('rooster.changes.lastVisit.kept1', '1794783600');
    let told = 0;
    window.addEventListener('rooster:storage', () => told++);
    forgetOtherConnections(['kept1']);
    expect(Object.keys(localStorage).sort()).toEqual([
      'rooster:explorer-history:kept1',
      'rooster:recent:kept1',
      'rooster:table.contracts:kept1',
      'someone-else',
    ]);
    expect(told).toBe(1);
    forgetOtherConnections([]);
    expect(Object.keys(localStorage)).toEqual(['someone-else']);
  });

  it('takes the cookies kept per connection with it (the changes page’s last visit)', () => {
    for (const id of ['kept1', 'gone2'])
      document.cookie = `${connectionCookie('changes-visit', id)}=1794783600; path=/`;
    document.cookie = 'someone-else=1; path=/';
    forgetOtherConnections(['kept1']);
    const names = document.cookie.split('; ').map((pair) => pair.split('=')[0]);
    expect(names.sort()).toEqual(['rooster.changes-visit.kept1', 'someone-else']);
  });
});
