(function () {
  const form = document.getElementById('blog-search');
  const input = document.getElementById('blog-search-input');
  // "/" anywhere but in a field jumps to the search box, as on GitHub and MDN.
  document.addEventListener('keydown', function (event) {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]'))
      return;
    event.preventDefault();
    input.focus();
  });
  // The search page opened with a query (the box's Enter): run it at once.
  if (form.dataset.inline && new URLSearchParams(location.search).get('q'))
    form.dispatchEvent(new Event('first-use'));
})();
