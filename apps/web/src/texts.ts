/**
 * Texts of the web shell. Czech texts of the spec come from the domain catalogue (`@panel/domain/locale`
 * `texts`, verbatim); the few labels the spec does not give are ours and marked so.
 */
import { texts } from '@panel/domain/locale';

const { auth, password, shell, messages } = texts;

export const t = {
  auth: {
    username: auth.usernameLabel,
    password: auth.passwordLabel,
    submit: auth.login,
    failure: auth.authError,
    welcome: auth.welcome,
    confirm: auth.confirmDevice,
    logout: auth.logout,
    noDevice: auth.noDevices,
    devicesMissing: auth.loginAgain,
    deviceTitle: 'Potvrzení zařízení', // ours
    loading: auth.loading,
    restart: auth.restart,
  },
  shell: {
    titleNone: shell.titleOverview,
    titleEvent: shell.titleEvent,
    titleNewEvent: shell.titleNewEvent,
    shift: shell.shiftSuffix,
    windowTitle: shell.windowTitle,
    connectionFailure: shell.connectionFailure,
    lastUpdate: shell.lastUpdate,
    user: shell.user,
    reload: shell.reload,
    newVersion: shell.newVersion,
    fullscreen: shell.fullscreen,
    more: shell.moreOptions,
    unit: shell.unit,
    device: 'Zařízení', // ours
    logout: shell.logout,
    changePassword: shell.changePassword,
    guide: shell.guide,
    sendOnEnter: shell.options.sendOnEnter,
    sendOnEnterHint: 'Ctrl+Enter vloží nový řádek', // ours (001 §2: Ctrl+Enter gives a new line)
    debugBar: shell.options.debugBar,
    eventFilters: shell.options.eventFilters,
    pubsub: 'Pubsub', // ours
    release: (version: string, commit: string) => `Verze ${version} (${commit})`, // ours (issue 23)
    events: 'Události', // ours (button label)
    calendar: 'Kalendář', // ours (button label)
    receiveCall: shell.receiveCall,
    today: shell.today,
    markAllReadTitle: shell.markAllReadTitle,
    markAllReadText: shell.markAllReadText,
    markAllReadDone: messages.allRead,
    noEvents: 'Žádné aktivní události', // ours
    newEvent: 'Nová událost', // ours
    yes: 'Ano', // ours
    no: 'Zpět',
    // ours (issue 23): getUserMedia, the clipboard and service workers exist only in a secure context
    insecureContext:
      'Panel je otevřen přes nezabezpečené spojení (HTTP). Vysílačka, kamera, schránka a aktualizace aplikace fungují jen přes HTTPS.',
    close: 'Zavřít', // ours
  },
  realtime: shell.realtime,
  password: {
    title: password.dialogTitle,
    old: password.oldPasswordLabel,
    new: password.newPasswordLabel,
    confirm: password.confirmPasswordLabel,
    submit: password.submit,
    success: password.changed,
    oldWrong: password.oldPasswordWrong,
    cancel: 'Zrušit', // ours
  },
} as const;
