// The engine's German UI strings: only what the engine writes itself, without a theme (titles of
// the pages it makes, Markdown's labels, feeds, llms.txt, redirect pages, `site new`, and the
// contact backend's answers and mails). A theme's strings (theme/strings/) and the site's own
// i18n/de.ts are laid over them. The English file has the same shape (it is typed by this one).
export const de = {
  meta: {
    tagline: '',
    siteDescription: '',
  },
  docs: {
    anchor: 'Direktlink zu diesem Abschnitt',
    footnotes: 'Fußnoten',
    footnoteBack: 'Zurück zum Verweis {n}',
  },
  blog: {
    tags: 'Schlagwörter',
    allTags: 'Alle Schlagwörter',
    taggedWith: '{count} Beiträge mit „{tag}“',
    taggedWithOne: 'Ein Beitrag mit „{tag}“',
    authors: 'Autorinnen und Autoren',
    postsBy: 'Beiträge von {name}',
    archive: 'Archiv',
    archiveDescription: 'Alle Beiträge nach Jahr.',
    pageOf: 'Seite {page} von {count}',
  },
  admonition: {
    note: 'Hinweis',
    tip: 'Tipp',
    info: 'Info',
    warning: 'Achtung',
    danger: 'Gefahr',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    text: 'Wir konnten nicht finden, wonach Sie gesucht haben.',
  },
  redirect: {
    text: 'Diese Seite ist umgezogen:',
  },
  contact: {
    name: 'Name',
    email: 'E-Mail',
    message: 'Nachricht',
    acceptTerms: 'Ich akzeptiere die {terms} und habe die {privacy} gelesen.',
    terms: 'Nutzungsbedingungen',
    privacy: 'Datenschutzerklärung',
    submit: 'Nachricht senden',
    sending: 'Nachricht wird gesendet …',
    success: 'Vielen Dank für Ihre Anfrage! Wir melden uns in Kürze bei Ihnen.',
    /** Sent to a server without a mail server: the message is stored, nobody is mailed about it. */
    successStored:
      'Vielen Dank für Ihre Anfrage! Ihre Nachricht ist bei uns gespeichert. Wir lesen sie während unserer Bürozeiten und antworten Ihnen persönlich.',
    error: 'Fehler beim Senden Ihrer Nachricht. Bitte versuchen Sie es später erneut.',
    required: 'Dieses Feld ist erforderlich.',
    termsRequired: 'Bitte akzeptieren Sie die Bedingungen.',
    length: 'Das Feld muss zwischen {min} und {max} Zeichen lang sein.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
    invalidCharacters:
      'Dieses Feld enthält unsichtbare Zeichen oder Steuerzeichen. Bitte tippen Sie es neu, statt es einzufügen.',
    showEmail: 'E-Mail-Adresse anzeigen',
    showPhone: 'Telefonnummer anzeigen',
    formTitle: 'Schreiben Sie uns',
    directTitle: 'Direkter Kontakt',
    backToForm: 'Zurück zum Formular',
    hints: {
      name: 'Wie dürfen wir Sie ansprechen? Vor- und Nachname genügen.',
      email: 'Wir antworten an diese Adresse und verwenden sie für nichts anderes.',
      message: 'Worum geht es Ihnen? Ein paar Sätze reichen.',
    },
    honeypot: 'Dieses Feld bitte leer lassen',
    invalid: 'Bitte prüfen Sie die markierten Felder.',
    rateLimited:
      'Sie haben in kurzer Zeit mehrere Nachrichten gesendet. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    phone: 'Telefon',
    revealError: 'Die Kontaktdaten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    mailSubject: 'Kontaktformular: {name}',
    mailReceived: 'Eingegangen',
    mailLanguage: 'Sprache',
  },
  booking: {
    title: 'Erstgespräch buchen',
    intro: 'Wählen Sie einen Termin für ein kostenloses Erstgespräch von {minutes} Minuten.',
    /** Beside the free times, from a server that mails: the invitation goes out at once. */
    byMail: 'Die Einladung kommt per E-Mail, mit Kalendereintrag.',
    /** Beside the free times, from a server without a mail server: the booking is stored, a person confirms it. */
    inPerson: 'Wir speichern Ihre Buchung und bestätigen Ihnen den Termin persönlich.',
    showSlots: 'Freie Termine anzeigen',
    loading: 'Freie Termine werden geladen …',
    loadError: 'Die freien Termine konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    none: 'In den nächsten {days} Tagen ist kein Termin frei. Schreiben Sie uns gern über das Formular.',
    slots: 'Termin',
    zone: 'Zeitzone: {zone}',
    /** The visitor's own zone, when it is not the office's. */
    zoneLocal: 'Zeitzone: {zone} (Ihre Ortszeit)',
    /** The office's zone as visitors call it ("Wiener Zeit"): the site names it in its i18n/; without
     * a name, the zone's name in the locale is shown ("Mitteleuropäische Zeit"), never its IANA id. */
    officeZone: '',
    day: 'Tag',
    times: 'Uhrzeit am {day}',
    name: 'Name',
    email: 'E-Mail',
    topic: 'Worüber möchten Sie sprechen? (optional)',
    topicHint: 'Ein Stichwort genügt, damit sich die richtige Person vorbereitet.',
    submit: 'Termin verbindlich buchen',
    sending: 'Termin wird gebucht …',
    success: 'Ihr Erstgespräch ist gebucht: {time}. Die Einladung ist unterwegs an {email}.',
    /** Booked while the site sends no mail (no mail server yet): the invitation waits in the outbox. */
    successLater:
      'Ihr Erstgespräch ist gebucht: {time}. Wir bestätigen Ihnen den Termin per E-Mail an {email}, mit einer Einladung für Ihren Kalender.',
    error: 'Der Termin konnte nicht gebucht werden. Bitte versuchen Sie es später erneut.',
    invalid: 'Bitte prüfen Sie die markierten Felder.',
    rateLimited:
      'Sie haben in kurzer Zeit mehrere Anfragen gesendet. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    another: 'Einen weiteren Termin buchen',
    limitEmail:
      'Für diese E-Mail-Adresse sind schon so viele Gespräche gebucht, wie wir über die Website annehmen. Für einen weiteren Termin schreiben Sie uns bitte über das Kontaktformular.',
    limitDay:
      'Über die Website sind heute schon sehr viele Gespräche gebucht worden. Bitte versuchen Sie es morgen wieder oder schreiben Sie uns über das Kontaktformular.',
    unavailable: 'Unser Buchungssystem antwortet gerade nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
    required: 'Bitte wählen Sie einen Termin.',
    slotInvalid: 'Diesen Termin gibt es nicht. Bitte wählen Sie einen aus der Liste.',
    slotPast: 'Dieser Termin liegt in der Vergangenheit. Bitte wählen Sie einen späteren.',
    slotTooSoon:
      'Dieser Termin ist zu kurzfristig: Gespräche lassen sich frühestens {hours} Stunden im Voraus buchen. Bitte wählen Sie einen späteren.',
    slotTooFar: 'Dieser Termin liegt zu weit in der Zukunft. Bitte wählen Sie einen aus der Liste.',
    slotHoliday: 'An diesem Tag ist unser Büro geschlossen. Bitte wählen Sie einen anderen Tag.',
    slotOutsideHours: 'Dieser Termin liegt außerhalb unserer Bürozeiten. Bitte wählen Sie einen aus der Liste.',
    slotTaken: 'Diesen Termin hat gerade jemand anderes gebucht. Bitte wählen Sie einen anderen.',
    topicLength: 'Bitte fassen Sie sich kürzer: höchstens {max} Zeichen.',
    mailSubject: 'Ihr Erstgespräch mit {site}: {time}',
    mailGreeting: 'Guten Tag,',
    mailBooked: 'vielen Dank für Ihre Buchung. Wir freuen uns auf das Gespräch am {time} ({minutes} Minuten).',
    mailHow:
      'Den Link zur Videokonferenz schicken wir Ihnen vor dem Gespräch. Die Einladung im Anhang trägt den Termin in Ihren Kalender ein.',
    mailCancelSubject: 'Abgesagt: Ihr Erstgespräch mit {site} am {time}',
    mailCancelled:
      'leider müssen wir Ihr Erstgespräch am {time} absagen. Bitte entschuldigen Sie. Einen neuen Termin können Sie hier buchen: {url}',
    mailSignature: 'Ihr Team von {site}',
    eventSummary: 'Erstgespräch mit {site}',
    eventDescription:
      'Kostenloses Erstgespräch ({minutes} Minuten). Den Link zur Videokonferenz erhalten Sie vor dem Gespräch.',
  },
  /** What `site new` writes into a new page, and `site check` refuses in a page that is no draft. */
  scaffold: {
    title: 'TODO: Titel der Seite',
    description: 'TODO: Beschreiben Sie die Seite in einem Satz mit weniger als 160 Zeichen.',
    intro: 'Schreiben Sie hier die Einleitung: worum es geht und für wen die Seite gedacht ist.',
    section: 'Überschrift des ersten Abschnitts',
  },
  llms: {
    pages: 'Allgemein',
    about:
      'Jede Seite dieser Website gibt es auch als Markdown: an ihre Adresse `index.md` anhängen. Den Text aller Seiten in einer Datei enthält {full}.',
  },
  dates: {
    locale: 'de-AT',
  },
};
