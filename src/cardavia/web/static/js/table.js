// The live table: shows the state the server sent, sends the person's actions, and
// plays the AIs' moves back one event at a time at the pace the person chose.
// Rules live on the server: this script only offers the actions listed in `legal`.
import * as sisepai from "./sisepai.js";
import * as chuopai from "./chuopai.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const game = { sisepai, chuopai }[data.game];
const $ = (id) => document.getElementById(id);
const PACE_KEY = "cardavia.pace";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

// One drawing of each card, made by the server; cards here are clones of it.
const faces = new Map();
for (const face of $("card-faces").content.querySelectorAll("[data-code]")) {
  faces.set(face.dataset.code, face);
}

export const ui = {
  data,
  messages: data.messages,
  catalogue: data.cards,
  el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  },
  card(code, extra) {
    const node = faces.get(code).cloneNode(true);
    if (extra) node.classList.add(...extra.split(" "));
    return node;
  },
  cards(codes, extra) {
    const group = ui.el("span", "cards");
    for (const code of codes) group.append(ui.card(code, extra));
    return group;
  },
  seat(seat) {
    return data.seats[seat];
  },
  // Sorts card codes in the deck's own order (the catalogue's).
  byOrder: (a, b) => data.cards[a].order - data.cards[b].order,
  // Another seat's concealed cards: one card back of `deck` and how many there are.
  concealed(deck, count) {
    const node = ui.el("div", "concealed");
    node.append(ui.el("span", `card back back-${deck}`));
    node.append(ui.el("span", "count", `× ${count}`));
    node.title = ui.text("cards_left", { count });
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", node.title);
    return node;
  },
  // The message about `seat`: its "_you" twin when the seat is the person's.
  about(key, seat) {
    return seat === 0 && `${key}_you` in ui.messages ? `${key}_you` : key;
  },
  // "East, North and West", as the page's language writes a list.
  list(items) {
    return new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" }).format(items);
  },
  text(key, values = {}) {
    return ui.messages[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
  },
  // A message with DOM nodes (cards) in place of some placeholders.
  fmt(key, values = {}) {
    const out = document.createDocumentFragment();
    const parts = ui.messages[key].split(/\{(\w+)\}/);
    parts.forEach((part, index) => {
      if (index % 2 === 0) {
        if (part) out.append(part);
        return;
      }
      const value = values[part];
      out.append(value instanceof Node ? value : String(value ?? ""));
    });
    return out;
  },
  // What a screen reader would say for `node`: its text, with each card's name.
  spoken(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.getAttribute?.("role") === "img") return ` ${node.getAttribute("aria-label")} `;
    return Array.from(node.childNodes, (child) => ui.spoken(child)).join("");
  },
  // Re-render without losing the keyboard's place: the focused control is found again
  // by its data-focus key after `draw` replaced it.
  keepFocus(draw) {
    const active = document.activeElement;
    const key = app.contains(active) ? active.dataset.focus : undefined;
    draw();
    if (!keyboardAtTable) return;
    const again = key && app.querySelector(`[data-focus="${CSS.escape(key)}"]:not(:disabled)`);
    if (again) again.focus();
    else if (!app.contains(document.activeElement)) focusFirstChoice();
  },
  button(label, onClick, className = "button") {
    const node = ui.el("button", className);
    node.type = "button";
    node.append(label);
    node.addEventListener("click", onClick);
    return node;
  },
  send: (action) => send(action),
};

const app = $("table-app");
let state = data.state;
let model = structuredClone(state.view);
let busy = false;
let skipping = false;

const pace = $("pace");
// A person who asked for less motion gets the AIs' moves at once, unless they chose a pace.
pace.value = localStorage.getItem(PACE_KEY) ?? (reducedMotion.matches ? "0" : pace.value);
pace.addEventListener("change", () => localStorage.setItem(PACE_KEY, pace.value));
$("skip").addEventListener("click", () => {
  skipping = true;
});

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function logEvent(event, fresh) {
  const line = game.describe(event, ui);
  if (!line) return;
  const item = ui.el("li", `log-item seat-${event.seat ?? "table"}`);
  item.append(line);
  if (event.forced && event.seat === 0) {
    item.classList.add("forced");
    item.append(" ", ui.el("em", "forced-note", `(${ui.text("played_for_you")})`));
  }
  if (fresh) item.classList.add("fresh");
  const log = $("log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
  // Say what the others did (and what was played for the person); the person's own
  // choices need no announcement.
  if (fresh && (event.seat !== 0 || event.forced)) announce(ui.spoken(item));
}

// The live region: one line per event, in order; old lines go so it never grows long.
function announce(sentence) {
  const region = $("announce");
  const line = ui.el("p", "", sentence.replace(/\s+/g, " ").trim());
  region.append(line);
  while (region.childElementCount > 8) region.firstElementChild.remove();
}

// Keyboard play: after each answer the focus goes to the person's first choice, as long
// as the person was using the table (never stolen from the settings or the log).
let keyboardAtTable = false;
document.addEventListener("focusin", (event) => {
  keyboardAtTable = app.contains(event.target) && !$("log").contains(event.target);
});

function focusFirstChoice() {
  if (!state.your_turn || busy) return;
  const first = app.querySelector(
    "#prompt .choices [data-action]:not(:disabled), #hand .card-button:not(:disabled)",
  );
  first?.focus();
}

// Arrow keys move between the cards of the hand (Tab works too); Enter or Space chooses.
$("hand").addEventListener("keydown", (event) => {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const edge = { Home: "first", End: "last" }[event.key];
  if (!step && !edge) return;
  const buttons = Array.from($("hand").querySelectorAll(".card-button:not(:disabled)"));
  const at = buttons.indexOf(document.activeElement);
  if (!buttons.length || at < 0) return;
  event.preventDefault();
  const next = edge === "first" ? 0 : edge === "last" ? buttons.length - 1 : at + step;
  buttons[Math.max(0, Math.min(buttons.length - 1, next))].focus();
});

function showEnding() {
  const ending = $("ending");
  if (state.status !== "finished") {
    ending.hidden = true;
    return;
  }
  $("ending-body").replaceChildren();
  $("ending-title").replaceChildren(game.endingTitle(state, ui));
  $("ending-body").append(game.ending(state, ui));
  $("deal-number-note").textContent =
    state.seed === null ? "" : ui.text("deal_number", { seed: state.seed });
  ending.hidden = false;
  if (keyboardAtTable && !busy) $("new-deal").focus();
}

function showPrompt() {
  const prompt = $("prompt");
  prompt.replaceChildren();
  prompt.hidden = state.status === "finished" && !busy;
  prompt.classList.toggle("mine", state.your_turn && !busy);
  if (busy) {
    prompt.append(ui.el("p", "waiting", ui.text("waiting")));
    return;
  }
  if (state.your_turn) game.prompt(prompt, state, ui);
}

function render(highlight) {
  ui.keepFocus(() => {
    game.render(model, state, ui, { busy, highlight });
    $("hand").hidden = model.hand.length === 0;
    showPrompt();
  });
}

async function animate(events) {
  skipping = false;
  $("skip").hidden = false;
  for (const event of events) {
    model = game.apply(model, event);
    const mine = event.seat === 0 && !event.forced;
    render(event);
    logEvent(event, true);
    const delay = Number(pace.value);
    if (!mine && delay > 0 && !skipping) await sleep(delay);
  }
  $("skip").hidden = true;
}

async function refresh() {
  const response = await fetch(data.urls.state, { credentials: "same-origin" });
  if (response.ok) state = await response.json();
}

async function send(action) {
  if (busy) return;
  busy = true;
  app.dataset.busy = "true";
  render();
  let response;
  let body;
  try {
    response = await fetch(data.urls.actions, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action, step: state.step }),
    });
    body = await response.json();
  } catch (error) {
    busy = false;
    app.dataset.busy = "false";
    render();
    notice(ui.text("error", { error: String(error) }));
    return;
  }
  if (response.ok) {
    await animate(body.events);
    state = body;
  } else if (response.status === 409) {
    await refresh();
    redrawLog();
    notice(ui.text("stale"));
  } else {
    notice(ui.text("error", { error: body.error }));
  }
  model = structuredClone(state.view);
  busy = false;
  render();
  showEnding();
  app.dataset.step = String(state.step);
  app.dataset.status = state.status;
  app.dataset.busy = "false";
}

function notice(message) {
  const note = ui.el("p", "notice", message);
  note.setAttribute("role", "alert");
  $("prompt").before(note);
  setTimeout(() => note.remove(), 6000);
}

function redrawLog() {
  $("log").replaceChildren();
  for (const event of game.history(state)) logEvent(event, false);
}

redrawLog();
render();
showEnding();
app.dataset.step = String(state.step);
app.dataset.status = state.status;
app.dataset.busy = "false";
app.dataset.ready = "true";
// A table opened to play: the keyboard starts at the person's first choice.
if (state.your_turn && state.status !== "finished") {
  keyboardAtTable = true;
  focusFirstChoice();
}
