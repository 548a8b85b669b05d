// The live table: shows the state the server sent, sends the person's actions, and
// plays the AIs' moves back one at a time at the pace the person chose.
//
// Rules live on the server. This script offers only the actions listed in `legal`, and
// draws the table after each event from what the event says changed (`after`, a part
// of the person's view): it never works out a move's consequences itself. The game's own
// script (static/js/games/<game>.js) draws its seats, prompt and log lines.
//
// The same table serves a deal against the AIs (seat 0, answers over HTTP) and a table
// of people (`data.live`: the person's own seat, frames over a WebSocket, people.js).
const $ = (id) => document.getElementById(id);
const data = JSON.parse($("table-data").textContent);
const game = await import(data.urls.script);
const people = data.live ? await import("/static/js/people.js") : null;
// The person's seat: it is drawn at the bottom, the others in turn around the table.
const me = data.me ?? 0;
if (me !== 0) {
  for (const box of document.querySelectorAll(".seat[data-seat]")) {
    box.dataset.seat = String((Number(box.dataset.seat) + me) % data.seats.length);
  }
}

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

// One drawing of each card, made by the server; cards here are clones of it.
const faces = new Map();
for (const face of $("card-faces").content.querySelectorAll("[data-code]")) {
  faces.set(face.dataset.code, face);
}

// A large card's name is written at a readable size and, when it is wider than the
// card, drawn narrower to fit (CSS scales it by the card's width over `--name-w`, the
// width of the name's longest piece, measured here once per name, in em).
const nameWidths = new Map();
// A name breaks into lines at its spaces, after its hyphens, and at the soft hyphens
// translators put in long words (Consi-gliere); each piece is measured as drawn.
const pieces = (name) =>
  name.split(" ").flatMap((word) => {
    const parts = word.split(/\u00ad|(?<=-)/);
    return parts.map((part, index) => (index < parts.length - 1 && !part.endsWith("-") ? `${part}-` : part));
  });
function measureNames() {
  const probe = document.createElement("div");
  probe.className = "name-probe";
  probe.setAttribute("aria-hidden", "true");
  const words = new Set();
  for (const face of faces.values()) {
    const name = face.querySelector(".card-name");
    if (name) for (const word of pieces(name.textContent)) words.add(word);
  }
  const spans = new Map();
  for (const word of words) {
    const span = document.createElement("span");
    span.textContent = word;
    probe.append(span);
    spans.set(word, span);
  }
  document.body.append(probe);
  // In em, so that the width holds at the phone's smaller type too.
  const size = parseFloat(getComputedStyle(probe.firstElementChild ?? probe).fontSize) || 11;
  const widths = new Map(
    [...spans].map(([word, span]) => [word, span.getBoundingClientRect().width / size]),
  );
  probe.remove();
  for (const [code, face] of faces) {
    const name = face.querySelector(".card-name");
    if (!name) continue;
    const longest = Math.max(...pieces(name.textContent).map((word) => widths.get(word) ?? 0));
    nameWidths.set(code, Math.ceil(longest * 100) / 100);
  }
}
measureNames();

export const ui = {
  data,
  me,
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
    const width = nameWidths.get(code);
    if (width) node.style.setProperty("--name-w", `${width}em`);
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
  // A seat's name plate: its name, how strong an AI it is, and the game's badges.
  plate(seat, badges = []) {
    const node = ui.el("div", "plate");
    node.append(ui.el("span", "seat-name", ui.seat(seat)));
    const level = people ? people.level(seat) : seat !== me && data.ai;
    if (level) node.append(ui.el("span", "seat-level", ui.messages[`ai_${level}`]));
    for (const badge of badges) node.append(badge);
    if (people) node.append(...people.badges(seat, ui));
    return node;
  },
  // `line`, and when the engine played it for the person (their only legal action), a
  // note that says so.
  forcedNote(event, line) {
    const out = document.createDocumentFragment();
    out.append(line);
    if (event.forced && event.seat === me) {
      out.append(" ", ui.el("em", "forced-note", `(${ui.text("played_for_you")})`));
    }
    return out;
  },
  // The message about `seat`: its "_you" twin when the seat is the person's.
  about(key, seat) {
    return seat === me && `${key}_you` in ui.messages ? `${key}_you` : key;
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
    fitAll();
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
let model = state ? structuredClone(state.view) : null;
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

// -- fitting cards to their regions ------------------------------------------------------

// Each `.fit` region has a fixed place on the screen; its cards take the largest width
// (`--cw`) between the region's `--fit-min` and `--fit-max` at which everything fits,
// and past the smallest they overlap (`--overlap`, a share of a card). The size found
// is kept for the same region, size and number of cards (regions are drawn anew on each
// event, so they are known by their place), so the table never wobbles, and measuring
// is done only when something changed.
const fitted = new Map();
const placeOf = (el) => `${el.closest("[data-seat]")?.dataset.seat ?? ""}/${el.id || el.className}`;

function overflows(el) {
  return el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
}

function fit(el) {
  if (!el.offsetParent && el !== document.body) return;
  const count = el.querySelectorAll(".card").length;
  const key = `${count}/${el.childElementCount}/${el.clientWidth}x${el.clientHeight}`;
  const known = fitted.get(placeOf(el));
  if (known?.key === key) {
    apply(el, known);
    if (!overflows(el)) return;
  }
  const style = getComputedStyle(el);
  const min = parseFloat(style.getPropertyValue("--fit-min")) || 20;
  const max = parseFloat(style.getPropertyValue("--fit-max")) || 60;
  let best = { key, cw: min, overlap: 0 };
  apply(el, { cw: max, overlap: 0 });
  if (!overflows(el)) best = { key, cw: max, overlap: 0 };
  else {
    let low = min;
    let high = max;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      apply(el, { cw: mid, overlap: 0 });
      if (overflows(el)) high = mid;
      else low = mid;
    }
    apply(el, { cw: low, overlap: 0 });
    if (!overflows(el)) best = { key, cw: low, overlap: 0 };
    else {
      // Even the smallest cards do not fit: let them overlap, as little as will do,
      // first in rows, then (groups side by side) on one line.
      best = null;
      for (const line of [false, true]) {
        for (let step = 6; step <= 17 && !best; step += 1) {
          const trial = { key, cw: min, overlap: step / 20, line };
          apply(el, trial);
          if (!overflows(el)) best = trial;
        }
      }
      // And past that, smaller still (side by side if they can, else overlapping):
      // every card stays on the screen.
      for (const overlap of [0, 0.85]) {
        for (let cw = min - 1; cw >= 14 && !best; cw -= 1) {
          const trial = { key, cw, overlap, line: overlap > 0 };
          apply(el, trial);
          if (!overflows(el)) best = trial;
        }
      }
      best ??= { key, cw: 14, overlap: 0.85, line: true };
    }
  }
  fitted.set(placeOf(el), best);
  apply(el, best);
}

function apply(el, { cw, overlap, line = false }) {
  el.style.setProperty("--cw", `${cw}px`);
  el.style.setProperty("--overlap", String(overlap));
  el.toggleAttribute("data-overlap", overlap > 0);
  el.toggleAttribute("data-line", line);
}

function fitAll() {
  // The prompt first: the regions then fit what room it leaves them.
  fitPrompt();
  for (const el of app.querySelectorAll(".fit")) fit(el);
}

function fitPrompt() {
  // A prompt with many choices first draws its cards more compactly (by their index
  // alone), then grows, and the regions above give way.
  const prompt = $("prompt");
  prompt.removeAttribute("data-compact");
  for (const optional of prompt.querySelectorAll(".optional")) optional.hidden = false;
  // Its usual height: its row's, as the grid gives it with nothing in the prompt.
  prompt.classList.add("measuring");
  const usual = prompt.offsetHeight;
  prompt.classList.remove("measuring");
  if (prompt.offsetHeight > usual + 1) prompt.setAttribute("data-compact", "");
  // Shortcuts in the prompt (Chuo Pai's beating plays) are shown only when they all fit
  // in its usual height: the choices themselves always are.
  for (const optional of prompt.querySelectorAll(".optional")) {
    optional.hidden = false;
    delete optional.dataset.dropped;
    if (overflows(prompt) || prompt.offsetHeight > usual + 1) {
      optional.hidden = true;
      optional.dataset.dropped = "";
    }
  }
}
new ResizeObserver(() => {
  fitAll();
  $("log").scrollTop = $("log").scrollHeight;
}).observe(app);

// -- the log ------------------------------------------------------------------------

// The log is written from the person's history alone (the public events and their own
// answers, as the server keeps them), one event after another in the same way whether
// it is read live or after a reload: the two always read alike.
const noted = new Set();

function logEvent(event, fresh) {
  const lines = people?.describe(event, ui) ?? game.describe(event, ui);
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
  if (event.forced && event.seat === me) items[0].classList.add("forced");
  log.append(...items);
  log.scrollTop = log.scrollHeight;
  // Say what the others did (and what was played for the person); the person's own
  // choices need no announcement.
  if (fresh && (event.seat !== me || event.forced)) {
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
  if (!state?.your_turn || busy) return;
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
  if (keyboardAtTable && !busy) (people ? $("again").querySelector("button") : $("new-deal"))?.focus();
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
  if (busy && people && !animating) {
    prompt.append(ui.el("p", "waiting", ui.text("sending")));
    return;
  }
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
  // At a table of people: the decision's countdown, and whom the table waits for.
  if (people) prompt.append(people.status(state, ui));
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

let animating = false;
async function animate(events) {
  animating = true;
  try {
    await playBack(events);
  } finally {
    animating = false;
  }
}

async function playBack(events) {
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
  if (people) {
    // The answer comes back as the seat's next frame, over the socket (see receive).
    busy = true;
    render();
    people.send(action);
    return;
  }
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

// A table of people: the seat's next state, from a frame (people.js). Frames are played
// back one after another, each one's events at the chosen pace, as after an answer.
let queue = Promise.resolve();
function receive(next, { fresh = false } = {}) {
  queue = queue.then(async () => {
    busy = true;
    app.dataset.busy = "true";
    if (fresh || !state) {
      state = next;
      redrawLog();
    } else {
      await animate(next.events);
      state = next;
    }
    model = structuredClone(state.view);
    busy = false;
    shown();
  });
  return queue;
}

// The person's action was refused (or the connection failed): nothing changed.
function refused(message) {
  busy = false;
  if (state) render();
  notice(message);
}

function shown() {
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

if (people) {
  state = null;
  people.connect({ ui, receive, refused });
}
if (state) {
  redrawLog();
  shown();
}
app.dataset.ready = "true";
// A table opened to play: the keyboard starts at the person's first choice.
if (state?.your_turn && state.status !== "finished") {
  keyboardAtTable = true;
  focusFirstChoice();
}
