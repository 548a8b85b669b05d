// The live table: shows the state the server sent, sends the person's actions, and
// plays the AIs' moves back one at a time at the pace the person chose.
//
// Rules live on the server. This script offers only the actions listed in `legal`, and
// draws the table after each event from what the event says changed (`after`, a part
// of seat 0's view): it never works out a move's consequences itself. The game's own
// script (static/js/games/<game>.js) draws its seats, prompt and log lines, through the
// table component (static/js/board.js) that the replay viewer draws with too.
import { createBoard } from "./board.js";

const $ = (id) => document.getElementById(id);

const data = JSON.parse($("table-data").textContent);

const PACE_KEY = "cardavia.pace";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
// How long each AI move stays on its own before the next: `beat` at most, and, when the
// AIs made many moves in a row, a whole answer's moves in about `budget` (each one never
// shorter than `floor`), so a person waits little between decisions yet sees every move.
const PACES = {
  slow: { beat: 1300, budget: Infinity, floor: 1300 },
  normal: { beat: 650, budget: 1800, floor: 260 },
  fast: { beat: 300, budget: 900, floor: 120 },
  instant: { beat: 0, budget: 0, floor: 0 },
};
// Paces remembered by an older version of the page, in milliseconds.
const OLD_PACES = { 1400: "slow", 700: "normal", 300: "fast", 0: "instant" };

const app = $("table-app");
const { ui, game, fitAll } = await createBoard(app, data, {
  send: (action) => send(action),
  atTable: () => keyboardAtTable,
  focusFirst: () => focusFirstChoice(),
  resized: () => {
    $("log").scrollTop = $("log").scrollHeight;
  },
});
let state = data.state;
let model = structuredClone(state.view);
let busy = false;
let skipping = false;

const pace = $("pace");
function chosenPace() {
  const stored = localStorage.getItem(PACE_KEY);
  const name = OLD_PACES[stored] ?? stored;
  if (name in PACES) return name;
  // A person who asked for less motion gets the AIs' moves at once, unless they chose.
  return reducedMotion.matches ? "instant" : "normal";
}
pace.value = chosenPace();
pace.addEventListener("change", () => localStorage.setItem(PACE_KEY, pace.value));

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- the log ------------------------------------------------------------------------

// The log is written from the person's history alone (the public events and their own
// answers, as the server keeps them), one event after another in the same way whether
// it is read live or after a reload: the two always read alike.
const noted = new Set();

function logEvent(event, fresh) {
  const lines = game.describe(event, ui);
  if (!lines) return;
  if (event.note && !noted.has(event.note)) {
    // A rule a new player may not know, said once: where it first decides a card.
    noted.add(event.note);
    lines.push(ui.fmt(`note_${event.note}`));
  }
  const log = $("log");
  const items = lines.map((line, index) => {
    const item = ui.el("li", index ? "log-item log-more" : `log-item seat-${event.seat ?? "table"}`);
    item.append(line);
    if (fresh) item.classList.add("fresh");
    return item;
  });
  if (event.forced && event.seat === 0) items[0].classList.add("forced");
  log.append(...items);
  log.scrollTop = log.scrollHeight;
  // Say what the others did (and what was played for the person); the person's own
  // choices need no announcement.
  if (fresh && (event.seat !== 0 || event.forced)) {
    for (const item of items) announce(ui.spoken(item));
  }
}

// The live region: one line per event, in order; old lines go so it never grows long.
function announce(sentence) {
  const region = $("announce");
  const line = ui.el("p", "", sentence.replace(/\s+/g, " ").trim());
  region.append(line);
  while (region.childElementCount > 8) region.firstElementChild.remove();
}

function redrawLog() {
  $("log").replaceChildren();
  noted.clear();
  for (const event of state.view.history) logEvent(event, false);
}

// -- the keyboard ----------------------------------------------------------------------

// After each answer the focus goes to the person's first choice, as long as the person
// was using the table (never stolen from the settings or the log).
let keyboardAtTable = false;
document.addEventListener("focusin", (event) => {
  keyboardAtTable = app.contains(event.target) && !$("side").contains(event.target);
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

// -- the log panel on small screens ------------------------------------------------------

const side = $("side");
function showLog(open) {
  side.classList.toggle("open", open);
  $("log-toggle").setAttribute("aria-expanded", String(open));
  if (open) $("log").focus();
  else if (document.activeElement === document.body || side.contains(document.activeElement)) {
    $("log-toggle").focus();
  }
}
$("log-toggle").addEventListener("click", () => showLog(!side.classList.contains("open")));
$("log-close").addEventListener("click", () => showLog(false));
side.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && side.classList.contains("open")) showLog(false);
});

// -- drawing ----------------------------------------------------------------------------

function showEnding() {
  const ending = $("ending");
  if (state.status !== "finished") {
    ending.hidden = true;
    return;
  }
  $("ending-body").replaceChildren(game.ending(state, ui));
  $("ending-title").replaceChildren(game.endingTitle(state, ui));
  $("deal-number-note").textContent =
    state.seed === null ? "" : ui.text("deal_number", { seed: state.seed });
  if (state.seed !== null) $("deal-label").textContent = ui.text("deal_label", { seed: state.seed });
  ending.hidden = false;
  fitAll();
  if (keyboardAtTable && !busy) $("new-deal").focus();
}
$("ending-hide").addEventListener("click", () => {
  $("ending").hidden = true;
  render();
  $("prompt").querySelector("button")?.focus();
});

function showPrompt() {
  const prompt = $("prompt");
  prompt.replaceChildren();
  prompt.classList.toggle("mine", state.your_turn && !busy);
  if (busy) {
    const line = ui.el("p", "waiting", ui.text("waiting"));
    const skip = ui.button(ui.text("skip"), () => (skipping = true), "button small");
    skip.id = "skip";
    skip.hidden = pace.value === "instant";
    line.append(" ", skip);
    prompt.append(line);
    return;
  }
  // What the person's last answer led to, when it needs explaining.
  const outcome = game.outcome?.(state, ui);
  if (outcome) prompt.append(outcome);
  if (state.status === "finished") {
    const again = ui.button(ui.text("show_result"), () => showEnding(), "button primary");
    again.dataset.focus = "result";
    prompt.append(ui.el("p", "prompt-text", ui.text("deal_over")), again);
    return;
  }
  if (state.your_turn) game.prompt(prompt, state, ui);
}

function render(highlight) {
  ui.keepFocus(() => {
    game.render(model, state, ui, { busy, highlight });
    showPrompt();
  });
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

// An event that the person should get a moment to see: the last of an AI's (or the
// table's) action. The person's own actions are marked `forced` either way.
function isBeat(event) {
  return Boolean(event.after) && !("forced" in event);
}

async function animate(events) {
  skipping = false;
  const chosen = PACES[pace.value] ?? PACES.normal;
  const beats = events.filter(isBeat).length;
  const delay = beats ? Math.max(chosen.floor, Math.min(chosen.beat, chosen.budget / beats)) : 0;
  for (const event of events) {
    if (event.after) model = { ...model, ...event.after };
    logEvent(event, true);
    if (!event.after || delay === 0 || skipping) continue;
    render(event);
    if (isBeat(event)) await sleep(delay);
  }
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
  $("prompt").prepend(note);
  setTimeout(() => note.remove(), 6000);
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
