import { expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, shot, test } from './helpers';

test('contacts: add with a bad then a good number, set as VZ (head shows it), send an SMS, delete', async ({
  page,
  request,
}) => {
  // a fresh rescue event (category 1) of the central base: no contacts, so the head warns about the commander
  const dispecer = await apiLogin(request, 'dispecer');
  const subject = `Požár náspu ${Date.now()}`;
  const created = await request.post('/v2/events', {
    headers: dispecer.headers,
    data: {
      uuid: randomUUID(),
      eventCategoryId: 1,
      eventTypeId: 1,
      subject,
      description: 'Hoří travní porost u trati, šíří se k náspu.',
      address: 'Praha-Hostivař, trať 221, km 4,2',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).id as number;

  await loginAs(page, 'dispecer');
  await page.getByText(subject).first().click();
  const detail = page.getByTestId('event-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('missing-commander')).toBeVisible();
  await detail.getByRole('tab', { name: 'Telefonní seznam' }).click();
  await expect(detail.getByText('žádné kontakty')).toBeVisible();

  // add: a bad number first, then a good one
  await detail.getByTestId('contact-add').click();
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Jméno').fill('Josef Krátký');
  await form.getByLabel('Telefonní číslo').fill('72534a880');
  await form.getByRole('button', { name: 'Vytvořit' }).click();
  await expect(form.getByText('Toto pole musí obsahovat jen číslice')).toBeVisible();
  await form.getByLabel('Telefonní číslo').fill('7253418');
  await form.getByRole('button', { name: 'Vytvořit' }).click();
  await expect(form.getByText('Vložte devítimístné telefonní číslo')).toBeVisible();
  await shot(page, 'contacts-1-form-error');
  await form.getByLabel('Telefonní číslo').fill('+420 725 341 880');
  await form.getByRole('button', { name: 'Vytvořit' }).click();
  await expect(page.getByText('Kontakt byl uložen')).toBeVisible();
  const row = detail.getByTestId('contact-row').filter({ hasText: 'Josef Krátký' });
  await expect(row.getByTestId('contact-number')).toHaveText('725 341 880');
  await expect(row.getByRole('link')).toHaveAttribute('href', 'tel:725341880');
  await shot(page, 'contacts-2-added');

  // set as the commander through the VZ dialog opened from the head's warning
  await detail.getByTestId('missing-commander').click();
  const vz = page.getByTestId('commander-dialog');
  await expect(vz.getByText('Určení kontaktu na velitele zásahu (VZ)')).toBeVisible();
  await shot(page, 'contacts-3a-vz-dialog');
  await vz
    .getByTestId('commander-candidate')
    .filter({ hasText: 'Josef Krátký' })
    .getByRole('button', { name: 'Kontakt na VZ' })
    .click();
  const named = page.getByTestId('commander-name-dialog');
  await expect(named.getByText('Kontakt na Velitele zásahu (VZ)')).toBeVisible();
  await named.getByLabel('Jméno velitele zásahu').fill('kpt. Josef Krátký');
  await shot(page, 'contacts-3b-commander-name');
  await named.getByRole('button', { name: 'Nastavit' }).click();
  await expect(detail.getByTestId('commanders')).toContainText('kpt. Josef Krátký 725 341 880');
  await expect(detail.getByTestId('missing-commander')).toBeHidden();
  await expect(row).toContainText('Velitel zásahu');
  await shot(page, 'contacts-4-commander-set');

  // SMS: suggested text from the server, the counter, the success notice
  await row.getByTestId('contact-send').click();
  const sms = page.getByTestId('sms-dialog');
  const text = sms.locator('textarea[name="content"]');
  await expect(text).toHaveValue(
    /Požár: Praha-Hostivař, trať 221, km 4,2, \d{2}:\d{2} \d{2}\.\d{2}\.\d{4}\. HZS SŽ COIS/,
  );
  await text.fill('Dostavte se na místo zásahu.');
  await expect(sms.getByTestId('sms-counter')).toHaveText('28/155');
  await shot(page, 'contacts-5-sms');
  await sms.getByRole('button', { name: 'Odeslat' }).click();
  await expect(page.getByText('Sms byla odeslána')).toBeVisible();
  await expect(sms).toBeHidden();

  // the SMS is in the event journal
  const journal = await (
    await request.get(`/v2/events/journal/${eventId}`, { headers: (await apiLogin(request, 'admin')).headers })
  ).json();
  expect(journal.history.some((h: { type: string }) => h.type === 'contact.sms')).toBe(true);

  // delete it: the commander goes too and the warning returns
  await row.getByTestId('contact-edit').click();
  await form.getByRole('button', { name: 'Smazat' }).click();
  await expect(page.getByText('Kontakt byl smazán')).toBeVisible();
  await expect(detail.getByText('žádné kontakty')).toBeVisible();
  await expect(detail.getByTestId('missing-commander')).toBeVisible();
  await shot(page, 'contacts-6-deleted');
});
