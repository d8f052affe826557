import { expect, test } from '@playwright/test';
import { tokenLinkFromOutbox } from './outbox.ts';
import { adminToken, dashMenu, signInAsAdmin } from './results-support.ts';
import { PASSWORD, toasts } from './support.ts';

test('the Students view searches, filters, sorts and deletes a student after confirmation', async ({
  page,
  request,
}) => {
  // Three roster students of this run only (a unique stamp in the emails and branches).
  const stamp = Date.now().toString(36);
  const branch = `CSE-${stamp}`;
  const students = [
    { name: 'asha rao', email: `asha.${stamp}@e2e.test`, year: '2', branch, college: 'North' },
    { name: 'bo chen', email: `bo.${stamp}@e2e.test`, year: '3', branch, college: 'South' },
    {
      name: 'cy diaz',
      email: `cy.${stamp}@e2e.test`,
      year: '2',
      branch: `ECE-${stamp}`,
      college: 'North',
    },
  ];
  const csv = [
    'Name,Email,Year,Branch,College Name',
    ...students.map((s) => [s.name, s.email, s.year, s.branch, s.college].join(',')),
  ].join('\n');
  const upload = await request.post('/api/admin/uploadFileData', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    multipart: { file: { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  // Asha claims her roster entry: she signs up with the same address and opens the mailed link.
  const signUp = await request.post('/api/user/loginSignUp', {
    data: { name: 'asha rao', email: students[0]?.email, password: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const link = new URL(await tokenLinkFromOutbox(students[0]?.email ?? '', '/activate-account'));
  const activated = await request.put('/api/user/activateAccount', {
    data: { token: link.searchParams.get('token'), password: PASSWORD },
  });
  expect(activated.ok(), await activated.text()).toBe(true);

  await signInAsAdmin(page);
  await dashMenu(page).getByRole('link', { name: 'Students' }).click();
  await expect(dashMenu(page).getByRole('link', { name: 'Students' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Students' });
  const names = table.getByRole('rowheader');

  await page.getByLabel('Search name or email').fill(stamp);
  await expect(names).toHaveText(['asha rao', 'bo chen', 'cy diaz']);
  await expect(page.getByTestId('rows-shown')).toHaveText('Rows 1–3 of 3');
  const asha = table.getByRole('row').filter({ hasText: 'asha rao' });
  await expect(asha.getByRole('cell').nth(4)).toHaveText(/Yes/);
  await expect(
    table.getByRole('row').filter({ hasText: 'bo chen' }).getByRole('cell').nth(4),
  ).toHaveText(/No/);

  // Sorting is the server's; the header says how.
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(names).toHaveText(['cy diaz', 'bo chen', 'asha rao']);

  // Filters narrow it down, and the account filter finds who has not claimed theirs.
  await page.getByLabel('Branch').selectOption(branch);
  await expect(names).toHaveText(['bo chen', 'asha rao']);
  await page.getByLabel('College').selectOption('South');
  await expect(names).toHaveText(['bo chen']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search name or email').fill(stamp);
  await page.getByLabel('Account').selectOption('unclaimed');
  await expect(names).toHaveText(['cy diaz', 'bo chen']);

  // Delete from the row: the confirmation starts on Cancel; Delete removes the student.
  await table.getByRole('button', { name: `Delete ${students[1]?.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this student?' });
  await expect(confirm).toContainText(students[1]?.email ?? '');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(names).toHaveText(['cy diaz', 'bo chen']);
  await table.getByRole('button', { name: `Delete ${students[1]?.email}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page, 'User succesfully deleted')).toBeVisible();
  await expect(names).toHaveText(['cy diaz']);
});
