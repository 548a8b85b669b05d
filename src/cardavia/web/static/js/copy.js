// Copy buttons beside read-only links (the public link of a shared replay): a button
// [data-copy="<input id>"] copies that input's value and then says data-copied. The
// buttons are hidden until this script runs, so a page without scripts shows none.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const field = document.getElementById(button.dataset.copy);
  if (!field) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand?.("copy"); // an older browser, or a page not served over HTTPS
    }
    button.textContent = button.dataset.copied;
  });
}
