// Progressive enhancement of the console (no inline scripts: CSP script-src 'self'). Forms with
// data-confirm ask before posting; without JavaScript they post directly.
document.addEventListener('submit', function (event) {
  var form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  var question = form.getAttribute('data-confirm');
  if (question && !window.confirm(question)) {
    event.preventDefault();
    return;
  }
  // A second click while the first submit is on its way sends nothing (the key would replay anyway).
  if (form.dataset.sent === '1') event.preventDefault();
  form.dataset.sent = '1';
  setTimeout(function () { form.dataset.sent = ''; }, 3000);
});
document.addEventListener('change', function (event) {
  // A file input with data-fill="ID" copies the chosen file's text into the textarea #ID (PEM keys).
  var input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.dataset.fill || !input.files || !input.files[0]) return;
  var target = document.getElementById(input.dataset.fill);
  if (!target) return;
  input.files[0].text().then(function (text) { target.value = text; });
});
