import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  defaultBackupName,
  parseBackupLine,
  type BackupHeader,
} from './backup-format.ts';
import { checkHeader } from './restore-backup.ts';

const header = (over: Partial<BackupHeader> = {}): BackupHeader => ({
  version: BACKUP_FORMAT_VERSION,
  createdAt: '2026-11-26T12:00:00.000Z',
  database: 'pglite',
  migrations: [10, 20, 30],
  release: '0.1.0',
  ...over,
});

describe('the backup format', () => {
  it('reads each kind of line', () => {
    expect(parseBackupLine(JSON.stringify(['portal-backup', header()]), 1)).toEqual([
      'portal-backup',
      header(),
    ]);
    expect(parseBackupLine('["table","users"]', 2)).toEqual(['table', 'users']);
    expect(parseBackupLine('["row",{"id":1,"data":"\\\\x00ff"}]', 3)).toEqual([
      'row',
      { id: 1, data: '\\x00ff' },
    ]);
    expect(parseBackupLine('["sequence","s","41",true]', 4)).toEqual(['sequence', 's', '41', true]);
    expect(parseBackupLine('["file","jwt-secret","YWJj"]', 5)).toEqual([
      'file',
      'jwt-secret',
      'YWJj',
    ]);
    expect(parseBackupLine('["end",{"rows":{"users":2},"files":[]}]', 6)).toEqual([
      'end',
      { rows: { users: 2 }, files: [] },
    ]);
  });

  it('names the line of a damaged file', () => {
    expect(() => parseBackupLine('["row",{"id":1}', 7)).toThrow(
      new BackupFileError('line 7 of the backup is not JSON: the file is damaged'),
    );
    for (const bad of ['{"table":"users"}', '["table",3]', '["row",[1]]', '["drop","users"]'])
      expect(() => parseBackupLine(bad, 8)).toThrow('line 8 of the backup is not a backup line');
  });

  it('loads a backup of this release or an older one, up to its own last migration', () => {
    expect(checkHeader(header(), [10, 20, 30])).toBe(30);
    expect(checkHeader(header({ migrations: [10, 20] }), [10, 20, 30, 40])).toBe(20);
  });

  it('refuses a backup of a newer release, by its format or by its migrations', () => {
    expect(() => checkHeader(header({ version: BACKUP_FORMAT_VERSION + 1 }), [10, 20, 30])).toThrow(
      /written by a newer release/u,
    );
    expect(() => checkHeader(header({ migrations: [10, 20, 30, 40] }), [10, 20, 30])).toThrow(
      /this release does not have in that order/u,
    );
    expect(() => checkHeader(header({ migrations: [10, 25] }), [10, 20, 30])).toThrow(
      BackupFileError,
    );
  });

  it('names a file by its time, without colons', () => {
    expect(defaultBackupName(new Date('2026-11-26T12:34:56.789Z'))).toBe(
      'portal-backup-2026-11-26T12-34-56Z.jsonl.gz',
    );
  });
});
