(function () {
  const template = document.currentScript.previousElementSibling;
  const form = document.getElementById(template.dataset.onFirstUse);
  let started = false;
  function start(event) {
    if (event.type === 'submit' && form.dataset.ready !== 'true') {
      event.preventDefault();
      form.dataset.pendingSubmit = 'true';
    }
    if (started) return;
    started = true;
    const code = template.content.cloneNode(true);
    for (const script of code.querySelectorAll('script')) {
      script.addEventListener('error', function () {
        const note = form.querySelector('[data-load-failed]');
        if (note) note.hidden = false;
      });
    }
    document.body.append(code);
  }
  for (const type of ['focusin', 'input', 'submit', 'first-use']) {
    form.addEventListener(type, start);
  }
})();
