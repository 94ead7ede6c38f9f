// Home opens at the top, even when the browser would restore a scroll position.
if (!location.hash && 'scrollRestoration' in history) history.scrollRestoration = 'manual';
