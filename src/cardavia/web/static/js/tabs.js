// Table / Full rules tabs: switch without reloading, so a running table keeps its state.
// The tabs are plain links, so the page works the same without this script.
const tabs = Array.from(document.querySelectorAll('[role="tab"]'));

function select(tab) {
  for (const other of tabs) {
    const chosen = other === tab;
    other.setAttribute("aria-selected", chosen ? "true" : "false");
    document.getElementById(other.getAttribute("aria-controls")).hidden = !chosen;
  }
  // A table page fills the screen only while its table is shown.
  document.body.classList.toggle("on-table", tab.id === "tab-table");
  history.replaceState(null, "", tab.getAttribute("href"));
  keepTabAcrossLanguages(tab);
  window.dispatchEvent(new Event("resize"));
}

// The language links reload this page: let them come back to the tab now shown.
function keepTabAcrossLanguages(tab) {
  const value = new URL(tab.href).searchParams.get("tab");
  for (const link of document.querySelectorAll("#language-switch a[href]")) {
    const url = new URL(link.href);
    if (value) url.searchParams.set("tab", value);
    else url.searchParams.delete("tab");
    // The language stays last, as the server writes it.
    const lang = url.searchParams.get("lang");
    url.searchParams.delete("lang");
    url.searchParams.set("lang", lang);
    link.href = url.pathname + url.search;
  }
}

for (const tab of tabs) {
  tab.addEventListener("click", (event) => {
    event.preventDefault();
    select(tab);
  });
  tab.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    next.focus();
    select(next);
  });
}
