/** The prompts docked at the bottom of every screen; loaded after the first paint. */
import { GdprBanner } from './GdprBanner.tsx';
import { InstallFooter } from './InstallOffer.tsx';
import { IosInstallPrompt } from './IosInstallPrompt.tsx';
import { UpdateOffer } from './UpdateOffer.tsx';
import './prompts.css';

export function PromptDock() {
  return (
    <div className="prompt-dock">
      <UpdateOffer />
      <IosInstallPrompt />
      <InstallFooter />
      <GdprBanner />
    </div>
  );
}
