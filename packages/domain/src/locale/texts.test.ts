import { describe, it, expect } from 'vitest';
import { texts } from './texts';

function leaves(node: unknown, path: string[] = []): [string, unknown][] {
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [[path.join('.'), node]];
}

describe('texts catalogue', () => {
  it('holds only non-empty strings and functions', () => {
    for (const [path, value] of leaves(texts)) {
      if (typeof value === 'function') continue;
      expect(typeof value, path).toBe('string');
      expect((value as string).length, path).toBeGreaterThan(0);
    }
  });

  it('keeps the spec typos verbatim', () => {
    expect(texts.events.createFailed('x')).toBe('Chyba při tvorbě udádolsti: x');
    expect(texts.shell.newVersion).toBe('Je k dispozici nová aktulizace panelu.');
    expect(texts.validation.fixErrors).toBe('Prosím opravte následujích chyby:');
    expect(texts.auth.noDevices).toBe('K tomuto uživateli není přiřazano žádné zařízeni.');
    expect(texts.devices.tables.drone).toBe('Dron zažízení');
    expect(texts.map.copyFailed).toBe('Chyba pri kopírování do paměti');
  });

  it('login and device texts (000 §2, §5, §8)', () => {
    expect(texts.auth.usernameLabel).toBe('Uživatelské jméno');
    expect(texts.auth.passwordLabel).toBe('Heslo');
    expect(texts.auth.login).toBe('Přihlásit se');
    expect(texts.auth.usernameRequired).toBe('Prosím zadejte uživatelské jméno');
    expect(texts.auth.passwordRequired).toBe('Prosím zadejte heslo');
    expect(texts.auth.authError).toBe('Chyba při autorizaci');
    expect(texts.auth.welcome('Jan Novák')).toBe('Úspěšné přihlášení. Vítejte: Jan Novák');
    expect(texts.auth.confirmDevice).toBe('Potvrdit');
    expect(texts.auth.logout).toBe('Odhlásit');
    expect(texts.auth.loading).toBe('Načítám vstupní data');
    expect(texts.auth.restart).toBe('Restart');
  });

  it('shell texts with placeholders (001 §2)', () => {
    expect(texts.shell.titleOverview + texts.shell.shiftSuffix('B')).toBe('Operační situace / směna B');
    expect(texts.shell.lastUpdate('10:05:09')).toBe('Poslední aktualizace 10:05:09');
    expect(texts.shell.windowTitle('10:05:09')).toBe('PANEL 10:05:09');
    expect(texts.shell.connectionFailure).toBe('PORUCHA PŘIPOJENÍ!');
    expect(texts.shell.realtime).toEqual({
      connecting: 'Připojuje se',
      disconnected: 'Odpojeno',
      connected: 'Připojeno',
    });
    expect(texts.shell.markAllReadTitle).toBe('Označení všech zpráv za přečtené');
    expect(texts.shell.markAllReadText).toBe('Všechny zprávy budou označeny za přečtené.');
    expect(texts.shell.options.sendOnEnter).toBe('Odesílat textové zprávy stiskem klávesy Enter');
    expect(texts.alerts.title(3)).toBe('Máte 3 upozornění');
    expect(texts.micTest.stop('05:12')).toBe('Ukončení test mikrofonu (05:12)');
  });

  it('password texts (001 §5, §8)', () => {
    expect(texts.password.oldPasswordRequired).toBe('Prosím zadejte původní heslo');
    expect(texts.password.newPasswordRequired).toBe('Prosím zadejte heslo');
    expect(texts.password.minLength).toBe('Heslo musí mít alespoň 8 znaků');
    expect(texts.password.confirmPasswordRequired).toBe('Prosím zadejte potvrzení hesla');
    expect(texts.password.mismatch).toBe('Hesla se neshodují');
    expect(texts.password.changed).toBe('Heslo úspěšně změněno');
    expect(texts.password.oldPasswordWrong).toBe('Původní heslo není správné.');
  });

  it('validation texts of 000 §5', () => {
    expect(texts.validation.requiredField('Adresa')).toBe('Vyplňte Adresa');
    expect(texts.validation.invalidDate('Konec')).toBe('Chybné datum Konec');
    expect(texts.contacts.nameRequired).toBe('Prosím vyplňte');
    expect(texts.contacts.digitsOnly).toBe('Toto pole musí obsahovat jen číslice');
    expect(texts.contacts.nineDigits).toBe('Vložte devítimístné telefonní číslo');
    expect(texts.sms.textRequired).toBe('Zadejte text sms zprávy.');
    expect(texts.messages.contentRequired).toBe('Zadejte text zprávy');
    expect(texts.messages.attachmentTooLarge(5)).toBe('Příloha překročila povolenou velikost 5MB.');
  });

  it('notification texts with placeholders (000 §8)', () => {
    expect(texts.events.saveFailed('timeout')).toBe('Chyba při ukládání události: timeout');
    expect(texts.events.mergeConfirm(12)).toBe(
      'Ve vzdálenosti 12m je již evidována událost. Sloučit s touto událostí?',
    );
    expect(texts.events.moreJobs(3)).toBe('+3 zobrazit');
    expect(texts.map.railImageServiceError('mimo trať')).toBe('Služba náhled na trať vrátila chybu: mimo trať');
    expect(texts.map.searchPlaceholder('železničních')).toBe('Hledání v železničních objektech...');
  });

  it('server texts', () => {
    expect(texts.server).toEqual({
      invalidCredentials: 'Neplatné uživatelské jméno nebo heslo.',
      unauthorized: 'Neplatné nebo vypršelé přihlášení.',
      forbidden: 'K této akci nemáte oprávnění.',
      deviceNotConfirmed: 'Zařízení není potvrzeno.',
      notFound: 'Záznam nebyl nalezen.',
      malformed: 'Chybný formát požadavku.',
      tooLarge: 'Požadavek je příliš velký.',
      deviceNotYours: 'Zařízení nepatří tomuto uživateli.',
      required: 'Povinné pole.',
    });
  });
});
