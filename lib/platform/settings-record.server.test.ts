import { describe, expect, it, vi } from 'vitest';
import { serverTestEnv } from '../../tests/support/server-env';

// A portal's shared settings: stored whole with who changed them, read back, and logged with the
// names of the settings that changed (never a value or a token).

serverTestEnv('settings-record', { REDIS_URL: '' });
const { readSettingsRecord, writeSettingsRecord } = await import('./settings-record.server');
const { log } = await import('./log.server');

const by = { connectionId: 'c1', partnerName: 'Partner A' };

describe('a settings record', () => {
  it('is none before a write; a write is read back whole with who made it', async () => {
    const key = `test-settings:${Math.random()}`;
    expect(await readSettingsRecord(key)).toEqual({ stored: null, changed: null });
    const changed = await writeSettingsRecord(key, { a: 1, b: ['x'] }, { a: 1, b: [] }, by, {
      what: 'test settings changed',
      portal: 'https://school.example/api',
    });
    expect(changed).toMatchObject({ partner: 'Partner A', connection: 'c1' });
    const read = await readSettingsRecord(key);
    expect(read.changed).toEqual(changed);
    expect(read.stored).toMatchObject({ a: 1, b: ['x'] });
  });

  it('logs which settings changed, by name', async () => {
    const info = vi.spyOn(log, 'info');
    await writeSettingsRecord(`test-settings:${Math.random()}`, { a: 2, b: ['x'] }, { a: 1, b: ['x'] }, by, {
      what: 'test settings changed',
      portal: 'https://school.example/api',
    });
    expect(info).toHaveBeenCalledWith(
      { connectionId: 'c1', partner: 'Partner A', portal: 'https://school.example/api', changed: ['a'] },
      'test settings changed',
    );
    info.mockRestore();
  });

  it('a stored record without a valid change is read with no one named', async () => {
    const key = `test-settings:${Math.random()}`;
    const { stateStore } = await import('./state/state.server');
    await stateStore().set(key, JSON.stringify({ a: 1, changed: { partner: 3 } }), 60_000);
    expect(await readSettingsRecord(key)).toEqual({ stored: { a: 1, changed: { partner: 3 } }, changed: null });
  });
});
