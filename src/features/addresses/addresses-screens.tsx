/**
 * /my-addresses: the signed-in customer's saved addresses, read from the
 * replica (offline too, with their age), with make default, edit, delete
 * (after a question) and "use this address" to browse from it. Adding and
 * editing are steps of the same route (?add=1, ?edit=<id>), so the browser's
 * back button closes them; ?return=<path> sends the user back to the screen
 * that asked for a new address (the checkout's AddressPicker).
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_SAVED_ADDRESSES } from '../../api/account/address-limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import type { SyncResult } from '../../api/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import type { SavedAddressRow } from '../../db/schema.ts';
import { formatHeaderAddress } from '../../lib/truncate.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { AddressEditor } from './AddressEditor.tsx';
import { changeFailureText } from './change-failure.ts';
import { safeReturnPath } from '../../lib/return-path.ts';
import { ADD_PARAM, RETURN_PARAM, type AddressReturnState } from './return-path.ts';
import { SavedAddressItem } from './SavedAddressItem.tsx';
import { useSavedAddresses } from './use-saved-addresses.ts';
import '../../ui/form.css';
import './addresses.css';

const EDIT_PARAM = 'edit';

/** What the last action did, said once above the list. */
type Notice = { kind: 'done' | 'refused'; text: TextKey };

export function AddressesScreen() {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = useSavedAddresses();
  const { result, retry } = useWorkerRefresh(`addresses:${view?.userId ?? ''}`, () => worker.refreshAddresses(), view?.signedIn === true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SavedAddressRow | null>(null);
  const title = t('screenAddresses');

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) return <SignInFirst title={title} text={t('addressesSignIn')} />;

  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const editId = Number(params.get(EDIT_PARAM));
  const editing = view.addresses.find((address) => address.id === editId);
  const closeEditor = () => {
    if (returnTo) void navigate(returnTo, { replace: true });
    else setParams({}, { replace: true });
  };
  const saved = (addressId: number) => {
    if (returnTo) {
      const state: AddressReturnState = { savedAddressId: addressId };
      void navigate(returnTo, { replace: true, state });
      return;
    }
    setParams({}, { replace: true });
    setNotice({ kind: 'done', text: 'addressesSaved' });
  };

  if (params.get(ADD_PARAM) === '1' || editing) {
    return (
      <ScreenShell title={title} className="addresses-screen">
        <AddressEditor key={editing?.id ?? 'new'} editing={editing} onSaved={saved} onCancel={closeEditor} />
      </ScreenShell>
    );
  }

  // Never fetched on this device: nothing to show until the answer comes.
  if (view.fetchedAt === null && view.addresses.length === 0) {
    if (result === null || result.ok) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    return <LoadFailedScreen onRetry={retry} />;
  }

  const act = async (address: SavedAddressRow, run: () => Promise<SyncResult>, done: TextKey): Promise<void> => {
    setBusyId(address.id);
    setNotice(null);
    const outcome = await run();
    setBusyId(null);
    setNotice(outcome.ok ? { kind: 'done', text: done } : { kind: 'refused', text: changeFailureText(outcome) });
  };

  const browseFrom = async (address: SavedAddressRow) => {
    await worker.setAddress({
      lat: address.latitude,
      lng: address.longitude,
      address: address.address,
      house: address.house,
      tag: address.tag,
      businessLocation: false,
    });
    // Home lists the stores for the address it reads from the replica.
    void navigate('/');
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await act(deleting, () => worker.deleteAddress(deleting.id), 'addressesDeleted');
    setDeleting(null);
  };

  const full = view.addresses.length >= MAX_SAVED_ADDRESSES;
  const addButton = (
    <button type="button" className="button button-primary addresses-add" onClick={() => setParams({ [ADD_PARAM]: '1' })}>
      {t('addressesAdd')}
    </button>
  );
  return (
    <ScreenShell title={title} className="addresses-screen">
      <SavedNote fetchedAt={view.fetchedAt} />
      {notice?.kind === 'done' && (
        <p className="form-success" role="status" data-testid="addresses-notice">
          {t(notice.text)}
        </p>
      )}
      {notice?.kind === 'refused' && (
        <p className="form-alert" role="alert" data-testid="addresses-notice">
          {t(notice.text)}
        </p>
      )}
      {view.addresses.length === 0 ? (
        <EmptyState action={addButton}>{t('addressesEmpty')}</EmptyState>
      ) : (
        <>
          {full ? <p className="addresses-note">{t('errorTooManyAddresses')}</p> : addButton}
          <ul className="saved-addresses" data-testid="saved-addresses">
            {view.addresses.map((address) => (
              <SavedAddressItem
                key={address.id}
                address={address}
                busy={busyId !== null}
                onUse={() => void browseFrom(address)}
                onMakeDefault={() => void act(address, () => worker.setDefaultAddress(address.id), 'addressesDefaultChanged')}
                onEdit={() => setParams({ [EDIT_PARAM]: String(address.id) })}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </ul>
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('addressesDeleteTitle')}
          confirmLabel={t('addressesDeleteConfirm')}
          cancelLabel={t('cancel')}
          busy={busyId !== null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('addressesDeleteBody', { address: formatHeaderAddress(deleting, t('defaultAddressTag')).address })}</p>
        </ConfirmDialog>
      )}
    </ScreenShell>
  );
}
