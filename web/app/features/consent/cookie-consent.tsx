import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../ui/modal';
import { optionalConsentCategories, TrackingEvents, type ConsentCategory } from '../../lib/spec';
import { track } from '../tracking/track';
import { loadPreferences, onPreferencesChange, savePreferences } from '../tracking/consent-store';
import { applyConsent, type ThirdPartyConfig } from './third-party';

const OPEN_EVENT = 'lw:cookie-preferences';
type Choice = Record<ConsentCategory, boolean>;
const all = (value: boolean) => Object.fromEntries(optionalConsentCategories.map((c) => [c.key, value])) as Choice;

/** Opens the preferences dialog (the footer's "Cookie preferences"). */
export function openCookiePreferences(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** The cookie banner (no saved choice, or expired) and the preferences dialog. */
export function CookieConsent({ thirdParty, nonce }: { thirdParty: ThirdPartyConfig; nonce?: string }) {
  const [bannerVisible, setBannerVisible] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [choice, setChoice] = useState<Choice>(all(false));

  useEffect(() => {
    const saved = loadPreferences();
    setBannerVisible(!saved);
    if (saved) setChoice({ analytics: saved.categories.analytics, chat: saved.categories.chat });
    applyConsent(thirdParty, nonce);
    const open = () => {
      const current = loadPreferences();
      if (current) setChoice({ analytics: current.categories.analytics, chat: current.categories.chat });
      setDialogOpen(true);
    };
    window.addEventListener(OPEN_EVENT, open);
    const stop = onPreferencesChange(() => applyConsent(thirdParty, nonce));
    return () => {
      window.removeEventListener(OPEN_EVENT, open);
      stop();
    };
  }, [thirdParty, nonce]);

  function decide(next: Choice, event: { name: string; category: string }) {
    savePreferences(next);
    setChoice(next);
    setBannerVisible(false);
    setDialogOpen(false);
    track(event);
  }

  return (
    <>
      {bannerVisible ? (
        <section className="cookie-banner" aria-label="Cookie consent" data-testid="cookie-banner">
          <p>
            We use necessary cookies to run this site. With your permission we also use analytics cookies to learn how
            it is used, and a support chat. Read our{' '}
            <Link to="/terms-and-conditions#privacy-policy">privacy policy</Link>.
          </p>
          <div className="cookie-banner__actions">
            <button type="button" className="button button--ghost" onClick={() => setDialogOpen(true)}>
              Preferences
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => decide(all(false), TrackingEvents.cookiesRejectAll)}
            >
              Reject all
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => decide(all(true), TrackingEvents.cookiesAcceptAll)}
            >
              Accept all
            </button>
          </div>
        </section>
      ) : null}
      {dialogOpen ? (
        <Modal className="dialog" labelledBy="cookie-dialog-title" onClose={() => setDialogOpen(false)}>
          <div className="dialog__body">
            <h2 id="cookie-dialog-title">Cookie preferences</h2>
            <ul className="consent-list">
              <li>
                <label>
                  <input type="checkbox" checked disabled /> <strong>Necessary</strong>
                </label>
                <p>Keep you signed in, remember this choice and your language. Always on.</p>
              </li>
              {optionalConsentCategories.map((c) => (
                <li key={c.key}>
                  <label>
                    <input
                      type="checkbox"
                      name={c.key}
                      checked={choice[c.key]}
                      onChange={(e) => setChoice({ ...choice, [c.key]: e.target.checked })}
                    />{' '}
                    <strong>{c.name}</strong>
                  </label>
                  <p>{c.value}</p>
                </li>
              ))}
            </ul>
            <div className="cookie-banner__actions">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => decide(all(false), TrackingEvents.cookiesRejectAll)}
              >
                Reject all
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => decide(all(true), TrackingEvents.cookiesAcceptAll)}
              >
                Accept all
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => decide(choice, TrackingEvents.cookiesSave)}
              >
                Save
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
