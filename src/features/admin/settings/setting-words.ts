/** How the settings screen names things: its groups (text keys) and each setting (from its key, which admins also see). */
import type { SettingGroup } from '../../../api/admin/limits.ts';
import type { TextKey } from '../../../api/language/texts.ts';

export const GROUP_TITLES: Record<SettingGroup, TextKey> = {
  look: 'consoleGroupLook',
  landing: 'consoleGroupLanding',
  switches: 'consoleGroupSwitches',
  push: 'consoleGroupPush',
  categorySlider: 'consoleGroupCategorySlider',
  messages: 'consoleGroupMessages',
  payments: 'consoleGroupPayments',
  checkout: 'consoleGroupCheckout',
  drivers: 'consoleGroupDrivers',
};

/**
 * 'storeColor' → 'Store color', 'enIOSPWAPopup' → 'En IOSPWA popup'. Setting
 * keys are the app's words for them (spec §9 names them so); the key itself
 * shows beside the label.
 */
export function settingLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((word, index) => (index > 0 && /^[A-Z][a-z]+\d*$/.test(word) ? word.toLowerCase() : word));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
