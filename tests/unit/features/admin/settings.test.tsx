import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSetting } from '../../../../src/api/admin/entities.ts';
import { adminSetting, fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

const SETTINGS: AdminSetting[] = [
  adminSetting('storeName', 'FoodPilot'),
  adminSetting('storeColor', '#e8501b'),
  adminSetting('cartColorBg', '#e8501b'),
  adminSetting('cartColorText', '#ffffff'),
  adminSetting('storeLogo', '/public/images/logo.svg'),
  adminSetting('enSPU', 'true'),
  adminSetting('restaurantCategorySliderSize', '3'),
  adminSetting('footerStyleType', 'FLOAT'),
];

function settingsApi(save: (settings: Record<string, string>) => unknown) {
  let versions = { forceNewSettingsVersion: '4', forceCacheClearVersion: '2' };
  return fakeConsoleApi({
    'admin/get-settings': () => ({ settings: SETTINGS }),
    'admin/save-settings': (body) => save(body.settings) as never,
    'admin/get-versions': () => versions,
    'admin/bump-version': (body) => {
      versions = body.kind === 'settings' ? { ...versions, forceNewSettingsVersion: '5' } : { ...versions, forceCacheClearVersion: '3' };
      return versions;
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/settings', () => {
  it('shows each setting with the field its kind needs, grouped', async () => {
    const api = settingsApi(() => refusal(500, 'INTERNAL'));
    await renderConsole({ path: '/admin/settings', role: 'admin', api });
    const look = await screen.findByTestId('settings-group-look', {}, SLOW);
    expect(screen.getByRole('group', { name: 'Name, colours and logo' })).toBe(look);
    expect(within(look).getByRole('textbox', { name: 'Store color' })).toHaveValue('#e8501b');
    const switches = screen.getByTestId('settings-group-switches');
    expect(within(switches).getByRole('switch', { name: 'En SPU' })).toHaveAttribute('aria-checked', 'true');
    expect(within(switches).getByRole('combobox', { name: 'Footer style type' })).toHaveValue('FLOAT');
    expect(screen.getByRole('textbox', { name: 'Restaurant category slider size' })).toHaveAccessibleDescription(
      'restaurantCategorySliderSize · A whole number from 1 to 10',
    );
  });

  it('the live preview follows the colour being typed, before anything is saved', async () => {
    const api = settingsApi(() => refusal(500, 'INTERNAL'));
    await renderConsole({ path: '/admin/settings', role: 'admin', api });
    const colour = await screen.findByRole('textbox', { name: 'Store color' }, SLOW);
    const header = screen.getByTestId('preview-header');
    expect(header).toHaveStyle({ backgroundColor: 'rgb(232, 80, 27)' });

    await userEvent.clear(colour);
    await userEvent.type(colour, '#1d4ed8');
    expect(header).toHaveStyle({ backgroundColor: 'rgb(29, 78, 216)', color: 'rgb(255, 255, 255)' });
    expect(screen.getByTestId('preview-button')).toHaveStyle({ backgroundColor: 'rgb(29, 78, 216)' });
    // A light colour gets dark text, so the preview stays readable.
    await userEvent.clear(colour);
    await userEvent.type(colour, '#fde047');
    expect(header).toHaveStyle({ backgroundColor: 'rgb(253, 224, 71)', color: 'rgb(0, 0, 0)' });
    // Half-typed: the last colour that reads stays.
    await userEvent.clear(colour);
    await userEvent.type(colour, '#12');
    expect(header).toHaveStyle({ backgroundColor: 'rgb(232, 80, 27)' });
    // The colour picker edits the same value.
    fireEvent.change(screen.getByLabelText('Colour picker for Store color'), { target: { value: '#047857' } });
    expect(colour).toHaveValue('#047857');
    expect(header).toHaveStyle({ backgroundColor: 'rgb(4, 120, 87)' });
    expect(api.bodiesOf('admin/save-settings')).toEqual([]);
  });

  it('shows a refused value next to its own field, in words, and saves once it is put right', async () => {
    const api = settingsApi((settings) =>
      settings.storeColor === '#zzzzzz'
        ? refusal(400, 'VALIDATION_FAILED', [{ path: '/settings/storeColor', message: 'must be a colour as #rrggbb' }])
        : { changed: Object.keys(settings), settings: SETTINGS.map((s) => (s.key in settings ? { ...s, value: settings[s.key] ?? s.value } : s)) },
    );
    await renderConsole({ path: '/admin/settings', role: 'admin', api });
    const colour = await screen.findByRole('textbox', { name: 'Store color' }, SLOW);
    const name = screen.getByRole('textbox', { name: 'Store name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Riverside Eats');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#zzzzzz');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Only the changed keys were sent, together.
    expect(api.bodiesOf('admin/save-settings')).toEqual([{ settings: { storeName: 'Riverside Eats', storeColor: '#zzzzzz' } }]);
    await waitFor(() => expect(colour).toHaveAttribute('aria-invalid', 'true'));
    expect(colour).toHaveAccessibleDescription('storeColor · A colour as #rrggbb Enter a colour as # and six hex digits, e.g. #e8501b.');
    expect(colour).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('form-alert')).toBeNull();

    await userEvent.clear(colour);
    expect(colour).not.toHaveAttribute('aria-invalid');
    await userEvent.type(colour, '#1d4ed8');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.bodiesOf('admin/save-settings')[1]).toEqual({ settings: { storeName: 'Riverside Eats', storeColor: '#1d4ed8' } });
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
    expect(screen.getByText('Saved changes are not in the apps yet. Publish them.')).toBeInTheDocument();
  });

  it('publishes to apps by raising the settings version, and asks before clearing every cache', async () => {
    const api = settingsApi(() => refusal(500, 'INTERNAL'));
    await renderConsole({ path: '/admin/settings', role: 'admin', api });
    const panel = await screen.findByTestId('versions-panel', {}, SLOW);
    expect(await within(panel).findByText('Settings version 4 · cache version 2')).toBeInTheDocument();
    // Edits not saved yet cannot be published.
    const name = screen.getByRole('textbox', { name: 'Store name' });
    await userEvent.type(name, '!');
    expect(within(panel).getByRole('button', { name: 'Publish to apps' })).toBeDisabled();
    await userEvent.type(name, '{Backspace}');

    await userEvent.click(within(panel).getByRole('button', { name: 'Publish to apps' }));
    expect(await within(panel).findByText('Settings version 5 · cache version 2')).toBeInTheDocument();
    expect(api.bodiesOf('admin/bump-version')).toEqual([{ kind: 'settings' }]);
    expect(screen.getByText('Published: apps fetch settings version 5 on their next load.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear every app’s cache' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear the cache of every installed app?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.bodiesOf('admin/bump-version')).toEqual([{ kind: 'settings' }]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear every app’s cache' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear every app’s cache' }));
    expect(await within(panel).findByText('Settings version 5 · cache version 3')).toBeInTheDocument();
    expect(api.bodiesOf('admin/bump-version')).toEqual([{ kind: 'settings' }, { kind: 'cache' }]);
  });
});
