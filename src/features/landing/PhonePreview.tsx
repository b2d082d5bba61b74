import { useT } from '../../base/settings-and-language.tsx';

/**
 * The real app in a phone frame: inside the 375 px iframe the viewport is
 * narrow, so the mobile app renders. Blurred and out of the tab order until
 * the visitor chooses to use it.
 */
export function PhonePreview({ revealed }: { revealed: boolean }) {
  const t = useT();
  return (
    <div className={`phone-frame${revealed ? ' is-revealed' : ''}`} data-testid="phone-preview" data-revealed={revealed}>
      <div className="phone-notch" aria-hidden="true" />
      <iframe
        className="phone-screen"
        src="/"
        title={t('appPreviewTitle')}
        width={375}
        height={740}
        inert={!revealed}
        tabIndex={revealed ? 0 : -1}
      />
    </div>
  );
}
