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
  keepTabAcrossLanguages(tab);
}

// The language switch reloads this page: let it come back to the tab now shown.
function keepTabAcrossLanguages(tab) {
  const form = document.getElementById("language-switch");
  if (!form) return;
  const value = new URL(tab.href).searchParams.get("tab");
  let field = form.querySelector("input[name=tab]");
  if (value && !field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "tab";
    form.prepend(field);
  }
  if (value) field.value = value;
  else field?.remove();
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
