// The live table: shows the state the server sent, sends the person's actions, and
// plays the AIs' moves back one event at a time at the pace the person chose.
// Rules live on the server: this script only offers the actions listed in `legal`.
import * as sisepai from "./sisepai.js";
import * as chuopai from "./chuopai.js";

const data = JSON.parse(document.getElementById("table-data").textContent);
const game = { sisepai, chuopai }[data.game];
const $ = (id) => document.getElementById(id);
const PACE_KEY = "cardavia.pace";

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
  button(label, onClick, className = "button") {
    const node = ui.el("button", className);
    node.type = "button";
    node.append(label);
    node.addEventListener("click", onClick);
    return node;
  },
  send: (action) => send(action),
};

let state = data.state;
let model = structuredClone(state.view);
let busy = false;
let skipping = false;

const pace = $("pace");
pace.value = localStorage.getItem(PACE_KEY) ?? pace.value;
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
}

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
  game.render(model, state, ui, { busy, highlight });
  $("hand").hidden = model.hand.length === 0;
  showPrompt();
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

const app = $("table-app");
redrawLog();
render();
showEnding();
app.dataset.step = String(state.step);
app.dataset.status = state.status;
app.dataset.busy = "false";
app.dataset.ready = "true";
