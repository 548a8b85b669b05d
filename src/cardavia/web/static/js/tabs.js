// Table / Full rules tabs: switch without reloading, so a running table keeps its state.
// The tabs are plain links, so the page works the same without this script.
const tabs = Array.from(document.querySelectorAll('[role="tab"]'));

function select(tab) {
  for (const other of tabs) {
    const chosen = other === tab;
    other.setAttribute("aria-selected", chosen ? "true" : "false");
    document.getElementById(other.getAttribute("aria-controls")).hidden = !chosen;
  }
  history.replaceState(null, "", tab.getAttribute("href"));
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
