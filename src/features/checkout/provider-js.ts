/**
 * A payment provider's own script, added to the page once and only when the
 * payment step needs it (providers require their script be loaded from
 * them, never bundled; the first route and other screens never download
 * it). A failed load removes the tag so the next try adds it again.
 */
const loading = new Map<string, Promise<void>>();

function addScript(url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading.delete(url);
      reject(new Error(`${url} could not be loaded`));
    };
    document.head.appendChild(script);
  });
}

/**
 * What `read` finds on the page once the script at `url` ran: at once when
 * it is already there, else after adding the script (once per URL).
 */
export async function loadProviderScript<T>(url: string, read: () => T | undefined): Promise<T> {
  const present = read();
  if (present) return present;
  const protocol = new URL(url, window.location.href).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Not a script address: ${url}`);
  let load = loading.get(url);
  if (!load) {
    load = addScript(url);
    loading.set(url, load);
  }
  await load;
  const loaded = read();
  if (!loaded) throw new Error(`${url} loaded without what the payment needs`);
  return loaded;
}
