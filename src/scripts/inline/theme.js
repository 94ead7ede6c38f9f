(function () {
  const { storageKey, fallback, darkQuery } = document.currentScript.dataset;
  const media = window.matchMedia(darkQuery);
  function read() {
    try {
      const stored = localStorage.getItem(storageKey);
      return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : fallback;
    } catch {
      return fallback;
    }
  }
  function apply() {
    const pref = read();
    const dark = pref === 'dark' || (pref === 'system' && media.matches);
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }
  apply();
  media.addEventListener('change', apply);
  // Another tab changed the preference.
  window.addEventListener('storage', function (event) {
    if (event.key === storageKey) apply();
  });
})();
