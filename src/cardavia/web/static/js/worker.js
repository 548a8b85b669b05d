// Installs the site's service worker (/sw.js, web/routes/shell.py): it keeps the styles and
// scripts every page uses and shows a page saying "you are offline" when the server
// cannot be reached. It never keeps a deal, a table or an API answer. Without service
// workers (or over plain HTTP to another host) the site works as before.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
