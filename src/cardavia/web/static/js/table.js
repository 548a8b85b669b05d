// The live table: draws the seat's deal as its frames say, sends the person's actions,
// and plays the others' moves back one at a time at the pace the person chose.
//
// Rules live on the server. This script offers only the actions the frame lists for the
// seat (`deal.options`), and draws the table after each event from what the event says
// changed (`after`, a part of the seat's view): it never works out a move's consequences
// itself. The game's own script (static/js/games/<game>.js) draws its seats, prompt and
// log lines, through the table component (static/js/board.js) that the replay viewer
// draws with too.
//
// Every deal is a table (issue 24): a deal against the AIs is a table of one, a table of
// friends the same with more people. The seat's frames come through connection.js (HTTP
// answers to its own commands, a WebSocket or a long poll for everyone else's); what only
// a table of people has, its waiting room and its players, is people.js's.
import { createBoard } from "./board.js";
import { connect, send as command } from "./connection.js";
import { createReview } from "./review.js";

const $ = (id) => document.getElementById(id);

const data = JSON.parse($("table-data").textContent);
// The person's seat (board.js draws it at the bottom, the others in turn around it).
const me = data.me;
// The table as its latest frame has it: who plays each seat, who hosts, its status.
let table = data.frame.table;
// A table of one person against the AIs, or of several people: where the two differ (the
// players' list and the waiting room, who deals again, the end's words), this says, from
// the latest frame (a host may give a person's seat to an AI while the page is open).
const alone = () => table.seats.filter((place) => place.kind === "person").length === 1;

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

// The log's end in view. Closed on a small screen, the log is not laid out at all
// (`content-visibility: hidden`, cardavia.css), and reading its height would lay it out
// for nothing: it is scrolled when it opens instead.
let logBehind = false;
function scrollLog() {
  const side = $("side");
  if (!side.classList.contains("open") && getComputedStyle(side).contentVisibility === "hidden") {
    logBehind = true;
    return;
  }
  logBehind = false;
  const list = $("log");
  list.scrollTop = list.scrollHeight;
}

const app = $("table-app");
// A guided first deal's guide (guide.js), at its table only; made once the board is.
let guide = null;
const { ui, game, fitAll, settle } = await createBoard(app, data, {
  // The person's choice: sent at once, or after the misclick guard's moment.
  send: (action) => choose(action),
  afterPrompt: () => {
    showHint();
    guide?.show($("prompt"));
  },
  atTable: () => keyboardAtTable,
  focusFirst: () => focusFirstChoice(),
  // The table laid out anew (its regions fitted after a drawing, or resized).
  laidOut: () => scrollLog(),
  // Each seat's level when an AI plays it, and whether its person is here.
  level: (seat) => levelOf(seat),
  badges: (seat, ui) => badgesOf(seat, ui),
});
// The deal on show (the frame's `deal`, its `events` the ones new to this page), its
// whole log, and the view drawn now (the deal's, or one of the moves played back).
let deal = null;
let log = [];
let model = null;
if (data.guide) {
  const { createGuide } = await import("/static/js/guide.js");
  guide = createGuide({
    data,
    ui,
    app,
    game,
    announce,
    deal: () => deal,
    rerender: () => render(),
    atTable: () => keyboardAtTable,
  });
}
let busy = false;
let skipping = false;
// The review of the deal on show, once it is over (review.js).
const review = createReview({ data, ui, game, reducedMotion, dealId: () => deal?.id });

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

// The misclick guard: how long a choice waits, and can be taken back, before it is sent.
const GUARD_KEY = "cardavia.guard";
const guard = $("guard");
const storedGuard = localStorage.getItem(GUARD_KEY);
guard.value = ["0", "1500", "3000"].includes(storedGuard) ? storedGuard : "1500";
guard.addEventListener("change", () => localStorage.setItem(GUARD_KEY, guard.value));
let pending = null;

// Whether the deal waits for the person's own decision, and whether it is over.
const mine = () => deal.options.length > 0;
const over = () => Boolean(deal.result);

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- the log ------------------------------------------------------------------------

// The log is written from the person's history alone (the public events and their own
// answers, as the server keeps them), one event after another in the same way whether
// it is read live or after a reload: the two always read alike.
const noted = new Set();

function logEvent(event, fresh, { scroll = true } = {}) {
  const lines = event.type === "stood_in" ? stoodIn(event) : game.describe(event, ui);
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
  if (fresh) guide?.heard(event, items);
  // Reading the height lays the page out: a whole log redrawn scrolls once, at its end.
  if (scroll) scrollLog();
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

// The table's own line: an AI deciding for a person (out of time, or away).
function stoodIn(event) {
  const values = { seat: ui.seat(event.seat), level: ui.messages[`ai_${event.level}`] };
  return [ui.fmt(ui.about(`stood_in_${event.reason}`, event.seat), values)];
}

function redrawLog() {
  $("log").replaceChildren();
  noted.clear();
  for (const event of log) logEvent(event, false, { scroll: false });
  scrollLog();
}

// -- the keyboard ----------------------------------------------------------------------

// After each answer the focus goes to the person's first choice, as long as the person
// was using the table (never stolen from the settings or the log).
let keyboardAtTable = false;
document.addEventListener("focusin", (event) => {
  keyboardAtTable = app.contains(event.target) && !$("side").contains(event.target);
});

function focusFirstChoice() {
  if (!deal || !mine() || busy) return;
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
  if (open && logBehind) scrollLog();
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

// -- the seats ---------------------------------------------------------------------------

// Each seat by its player's name, as every screen at the table names it (the frame's);
// the person's own seat is "You", and a seat nobody has taken yet is a place.
function nameSeats() {
  table.seats.forEach((place, seat) => {
    data.seats[seat] = seat === me || !place.name ? data.positions[seat] : place.name;
  });
}

// Who plays `seat` when an AI does: its level (an AI's seat, or a person's played for).
function levelOf(seat) {
  const place = table.seats[seat];
  return place.state === "ai" || place.state === "played" ? place.level : null;
}

function badgesOf(seat, ui) {
  const place = table.seats[seat];
  if (place.state === "played") return [ui.el("span", "badge stood-in", ui.text("seat_played"))];
  if (place.state === "away") return [ui.el("span", "badge away", ui.text("seat_away"))];
  return [];
}

// -- the end ------------------------------------------------------------------------------

function showEnding() {
  const ending = $("ending");
  if (!over()) {
    ending.hidden = true;
    return;
  }
  $("ending-body").replaceChildren(game.ending(deal, ui, log));
  if (guide) guide.ended($("ending-body"));
  else if (offerGuide()) $("ending-body").prepend(guideOffer());
  $("ending-title").replaceChildren(game.endingTitle(deal, ui));
  const numberNote = alone() ? "deal_number" : "deal_number_table";
  $("deal-number-note").textContent = deal.seed === null ? "" : ui.text(numberNote, { seed: deal.seed });
  // The seat's own count of hinted decisions: its frame says it at the end.
  $("hints-used").textContent = deal.hints === undefined ? "" : ui.text("hints_used", { count: deal.hints });
  if (deal.seed !== null) $("deal-label").textContent = ui.text("deal_label", { seed: deal.seed });
  ending.hidden = false;
  // The end opens at its headline (who won): the focus goes to its first action without
  // scrolling the panel down to it.
  ending.querySelector(".ending-card").scrollTop = 0;
  fitAll();
  if (keyboardAtTable && !busy) $("again").querySelector("button")?.focus({ preventScroll: true });
}
// After the first deal this browser did not win, to someone who has not played the
// guided deal (the server offers it only when no earlier deal of the game was lost), and
// after that deal only: a deal lost again on this page is not a first.
let guideOffered = null;
function offerGuide() {
  if (!data.guide_offer || deal.outcome === "won" || deal.outcome === "shared") return false;
  guideOffered ??= deal.id;
  return guideOffered === deal.id;
}

function guideOffer() {
  const line = ui.el("p", "guide-offer");
  const link = ui.el("a", "", data.guide_offer.text);
  link.href = data.guide_offer.url;
  line.append(link);
  return line;
}

$("ending-hide").addEventListener("click", () => {
  $("ending").hidden = true;
  render();
  $("prompt").querySelector("button")?.focus();
});

// The end's next deal. Alone against the AIs: New deal first, then the same cards again,
// and the deal's replay. At a table of people the host deals again for everyone, and the
// others wait for it. Drawn once for each kind of table: a button rebuilt by every frame
// could swallow a click that lands as a frame arrives (another seat's change), and would
// lose the keyboard's focus; but a host who gave the others' seats to AIs is now alone.
function drawAgain(shown) {
  const again = $("again");
  const replay = $("replay-deal");
  if (replay && shown) replay.href = data.urls.replay.replace("{id}", shown.id);
  const kind = alone() ? "alone" : "people";
  if (again.dataset.kind === kind) return;
  again.dataset.kind = kind;
  if (!data.host) {
    again.replaceChildren(ui.el("span", "hint", ui.text("again_wait")));
    return;
  }
  const same = ui.button(ui.text("again_same"), () => command({ type: "again", same: true }), "button primary");
  same.id = "again-same";
  const fresh = ui.button(ui.text("again_new"), () => command({ type: "again", same: false }), "button");
  fresh.id = "again-new";
  if (!alone()) {
    again.replaceChildren(same, fresh);
    return;
  }
  fresh.id = "new-deal";
  fresh.className = "button primary";
  same.id = "play-again";
  same.className = "button";
  const link = ui.el("a", "button", ui.text("replay"));
  link.id = "replay-deal";
  if (shown) link.href = data.urls.replay.replace("{id}", shown.id);
  again.replaceChildren(fresh, same, link);
}

// -- the prompt ---------------------------------------------------------------------------

function showPrompt() {
  const prompt = $("prompt");
  prompt.replaceChildren();
  prompt.classList.toggle("mine", mine() && !busy && !pending);
  if (pending) {
    // Nothing has left the page yet: the choice can still be taken back.
    const line = ui.el("p", "prompt-text pending");
    line.append(ui.fmt("pending", { action: game.choiceLabel(pending.action, ui) }));
    const undo = ui.button(ui.text("undo"), () => takeBack(), "button primary");
    undo.id = "undo";
    undo.dataset.focus = "undo";
    undo.setAttribute("aria-keyshortcuts", "u");
    line.append(" ", undo);
    prompt.append(line);
    return;
  }
  if (busy && !animating) {
    prompt.append(ui.el("p", "waiting", ui.text("sending")));
    return;
  }
  if (busy) {
    // The others' moves played back: the line says whom the table now waits for (the
    // deal they led to), else that the AIs are playing (the opening).
    const line = ui.el(upcoming ? "div" : "p", "waiting");
    line.append(upcoming ? status(upcoming) : ui.text("waiting"));
    const skip = ui.button(ui.text("skip"), () => (skipping = true), "button small");
    skip.id = "skip";
    skip.hidden = pace.value === "instant";
    line.append(" ", skip);
    prompt.append(line);
    return;
  }
  // What the person's last answer led to, when it needs explaining.
  const outcome = game.outcome?.(deal, ui);
  if (outcome) prompt.append(outcome);
  if (over()) {
    const again = ui.button(ui.text("show_result"), () => showEnding(), "button primary");
    again.dataset.focus = "result";
    prompt.append(ui.el("p", "prompt-text", ui.text("deal_over")), again);
    return;
  }
  // The decision's countdown, and whom the table waits for.
  prompt.append(status(deal));
  if (mine()) {
    game.prompt(prompt, deal, ui);
    showHint();
    guide?.show(prompt);
  }
}

// Above the person's choices: how long the decision has, and whom the table waits for,
// truthfully: the people by name, "the others" in a claim window (who may claim is their
// cards' secret), and the AIs only when they alone are to act.
function status(shown) {
  const out = document.createDocumentFragment();
  const timer = shown.timer;
  const yours = shown.options.length > 0;
  const values = {};
  if (shown.choosing.length) values.seat = ui.list(shown.choosing.map((seat) => ui.seat(seat)));
  let key = null;
  if (shown.result) key = "deal_over";
  else if (!timer) {
    // Nothing to count down: the AIs decide at once, or a deadline is about to come.
    if (yours) return out;
    if (shown.window) key = "waiting_others";
    else key = shown.choosing.length ? "choosing" : "waiting";
  } else if (yours) key = shown.window ? "your_answer_left" : "your_move";
  else if (shown.answer) {
    key = "answered";
    const verb = shown.answer.split(" ")[0];
    values.answer = ui.messages[verb] ?? shown.answer;
  } else if (shown.window) key = "waiting_window";
  else if (shown.choosing.length) key = "waiting_for";
  else key = "waiting";
  const timed = Boolean(timer) && !["deal_over", "waiting"].includes(key);
  const line = ui.el("p", yours && timed ? "countdown mine" : "countdown");
  // What the line says, for tests and styles: whose decision it is waiting for.
  line.dataset.who = key;
  if (!timed) {
    line.textContent = ui.text(key, values);
    out.append(line);
    return out;
  }
  line.dataset.key = key;
  line.dataset.values = JSON.stringify(values);
  line.dataset.deadline = String(timer.deadline);
  line.setAttribute("role", "timer");
  countdown(line);
  out.append(line);
  return out;
}

function countdown(line) {
  const deadline = Number(line.dataset.deadline || 0);
  const seconds = deadline ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) : "";
  const text = ui.text(line.dataset.key, { ...JSON.parse(line.dataset.values), seconds });
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("late", deadline > 0 && deadline - Date.now() < 5000);
}
setInterval(() => {
  for (const line of document.querySelectorAll(".countdown[data-key]")) countdown(line);
}, 250);

function render(highlight) {
  ui.keepFocus(() => {
    game.render(model, deal, ui, { busy: busy || Boolean(pending), highlight });
    showPrompt();
  });
  if (hintButton) hintButton.disabled = !canHint();
  // A drawing whose regions are fitted afterwards scrolls the log then (`laidOut`):
  // asking now whether the log is shown styled the whole new table in the drawing's
  // task (40 ms of a phone's at 4x CPU, as an opening's playback ended).
  if (!ui.unsettled) scrollLog();
}

// An event that the person should get a moment to see: the last of an AI's (or the
// table's) action. The person's own actions are marked `forced` either way.
function isBeat(event) {
  return Boolean(event.after) && !("forced" in event);
}

let animating = false;
// `before` runs first, as part of the playback: a skip asked for meanwhile is kept.
async function animate(events, before) {
  animating = true;
  try {
    await before?.();
    await playBack(events);
  } finally {
    animating = false;
    skipping = false;
  }
}

// The pause after each beat of `events` at the chosen pace (0: none is drawn).
function beatDelay(events) {
  const chosen = PACES[pace.value] ?? PACES.normal;
  const beats = events.filter(isBeat).length;
  return beats ? Math.max(chosen.floor, Math.min(chosen.beat, chosen.budget / beats)) : 0;
}

async function playBack(events) {
  const delay = beatDelay(events);
  for (const event of events) {
    if (event.after) model = { ...model, ...event.after };
    logEvent(event, true);
    // Only a beat is drawn: a drawing that no pause follows is never painted, and each
    // lays the whole page out (two in one task were a phone's longest at the table).
    if (!isBeat(event) || delay === 0 || skipping) continue;
    await ui.redraw(() => render(event));
    await sleep(delay);
  }
}

// -- the misclick guard ---------------------------------------------------------------

// A choice waits for the guard's moment before it is sent; until then nothing has reached
// the server, so taking it back reveals nothing and costs nothing.
function choose(action) {
  if (busy || pending) return;
  const delay = Number(guard.value);
  if (!delay) {
    send(action);
    return;
  }
  const timer = setTimeout(() => {
    pending = null;
    send(action);
  }, delay);
  pending = { action, timer };
  const wasAtTable = keyboardAtTable;
  render();
  announce(ui.spoken($("prompt")));
  if (wasAtTable) $("undo")?.focus();
}

function takeBack() {
  if (!pending) return;
  clearTimeout(pending.timer);
  pending = null;
  render();
  announce(ui.text("undone"));
  if (keyboardAtTable) focusFirstChoice();
}

// -- hints -----------------------------------------------------------------------------

const hintButton = $("hint-button");
let hinted = null;
let asking = false;

function canHint() {
  return Boolean(deal) && mine() && !over() && !busy && !pending && !asking;
}

async function askHint() {
  if (!canHint()) return;
  if (hinted?.key === deal.key) {
    render();
    announce(ui.text("hint_label", { sentence: hinted.text }));
    return;
  }
  asking = true;
  hintButton.disabled = true;
  hintButton.setAttribute("aria-busy", "true");
  const key = deal.key;
  try {
    const response = await fetch(data.urls.hint, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      // The decision asked about: the frame's key (the API's `step`).
      body: JSON.stringify({ step: key }),
    });
    const body = await response.json();
    if (response.status === 503) notice(ui.text("hint_busy"));
    else if (!response.ok) notice(ui.text("error", { error: body.error }));
    else if (key === deal.key) hinted = { key, action: body.action, text: body.text };
  } catch (error) {
    notice(ui.text("error", { error: String(error) }));
  }
  asking = false;
  hintButton.removeAttribute("aria-busy");
  render();
  if (hinted?.key === deal.key) announce(ui.text("hint_label", { sentence: hinted.text }));
}
hintButton.addEventListener("click", () => askHint());

// The hint of this decision, if one was asked: its sentence over the prompt's choices,
// and the suggested card or button marked.
function showHint() {
  if (!hinted || hinted.key !== deal.key || !mine() || busy || pending) return;
  const prompt = $("prompt");
  if (!prompt.querySelector(".coach-hint")) {
    const line = ui.el("p", "coach-hint", ui.text("hint_label", { sentence: hinted.text }));
    line.id = "coach-hint";
    prompt.prepend(line);
  }
  const marked = [
    ...app.querySelectorAll(`[data-action="${CSS.escape(hinted.action)}"]`),
    ...(game.hinted?.(hinted.action, ui) ?? []),
  ];
  for (const node of marked) {
    node.classList.add("hinted");
    node.setAttribute("aria-describedby", "coach-hint");
  }
}

// H asks for a hint, U takes a choice back (also Escape): not while typing in a field.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  if (key === "escape" && animating && !pending) {
    // The AIs' moves being played back: all of them now (as *Show all now*).
    skipping = true;
  } else if ((key === "u" || key === "escape") && pending) {
    event.preventDefault();
    takeBack();
  } else if (key === "h" && canHint()) {
    event.preventDefault();
    askHint();
  }
});

function send(action) {
  if (busy) return;
  guide?.chose(action);
  // The answer comes back as the seat's next frame (see `receive`).
  busy = true;
  render();
  command({ type: "act", action, key: deal.key });
}

// Each frame: the seats' names and players, the room while a table of people gathers,
// the end's next deal; and the deal, when the frame brings news of it (connection.js).
function receive(frame, news) {
  table = frame.table;
  nameSeats();
  room?.(table, Boolean(frame.deal));
  drawAgain(frame.deal);
  if (news) show(frame.deal, news);
}

// The seat's next deal. Deals are shown one after another, each one's new events played
// back at the chosen pace, as after an answer; a new deal (or the first) is drawn whole.
let queue = Promise.resolve();
// The deal whose moves are being played back: the prompt says whom it waits for.
let upcoming = null;
function show(next, { fresh, log: nextLog }) {
  queue = queue.then(async () => {
    busy = true;
    app.dataset.busy = "true";
    const first = !deal;
    if (fresh || first) {
      // The next deal at the table: the last one's review goes with it.
      if (deal && deal.id !== next.id) review.clear();
      deal = next;
      log = nextLog;
      // A table opened to play: the keyboard starts at the person's first choice.
      if (first && mine() && !over()) keyboardAtTable = true;
      if (first && openingDue()) {
        await playOpening();
        return;
      }
      redrawLog();
    } else {
      upcoming = next;
      try {
        await animate(next.events);
      } finally {
        upcoming = null;
      }
      deal = next;
      log = nextLog;
    }
    model = structuredClone(deal.view);
    busy = false;
    if (!first) {
      await ui.redraw(shown);
      return;
    }
    await drawFirst();
    if (keyboardAtTable) focusFirstChoice();
  });
}

// The person's command was refused (or the connection failed): nothing changed.
function refused(message) {
  busy = false;
  if (deal) render();
  notice(message);
}

// The first drawing: its regions fitted afterwards, a task each (board.js).
function drawFirst() {
  ui.unsettled = true;
  shown();
  return settle();
}

function shown() {
  render();
  // A deal number the person chose is shown from the start (a drawn one at the end).
  if (deal.seed !== null) $("deal-label").textContent = ui.text("deal_label", { seed: deal.seed });
  showEnding();
  app.dataset.step = String(deal.key);
  // The deal's id before its status: the AI in your seat follows the deal that ended.
  app.dataset.deal = deal.id;
  app.dataset.status = over() ? "finished" : "ongoing";
  app.dataset.busy = "false";
}

function notice(message) {
  const note = ui.el("p", "notice", message);
  note.setAttribute("role", "alert");
  $("prompt").prepend(note);
  setTimeout(() => note.remove(), 6000);
}

// The opening: the first time a deal's table is opened, the AIs' moves before the
// person's first decision are played back from the cards as dealt, at the chosen pace
// (Show all now, or Escape, skips to the end), instead of opening on the position they
// led to. The server sends the dealt view (with its deal's id) only until the person has
// decided, and only where nothing is held on show: alone against the AIs.
function openingDue() {
  if (!data.opening?.events.length || data.opening.id !== deal.id) return false;
  const seen = `cardavia.opened.${deal.id}`;
  if (sessionStorage.getItem(seen)) return false;
  sessionStorage.setItem(seen, "1");
  return true;
}

async function playOpening() {
  const final = deal;
  model = structuredClone(data.opening.view);
  $("log").replaceChildren();
  noted.clear();
  busy = true;
  app.dataset.busy = "true";
  // At the instant pace nothing of the playback is shown: the first drawing is the
  // position it leads to (drawing the cards as dealt first cost a phone the whole table
  // drawn twice, the second time in one task of 90-220 ms at 4x CPU).
  const watched = beatDelay(data.opening.events) > 0;
  try {
    // The first drawing, as any table's: its regions fitted a task each (board.js). It is
    // drawn inside the playback, so that its prompt offers Show all now from the start.
    await animate(data.opening.events, () => {
      if (!watched) return undefined;
      ui.unsettled = true;
      render();
      return settle();
    });
  } finally {
    model = structuredClone(final.view);
    busy = false;
    if (watched) await ui.redraw(shown);
    else {
      // The playback's log lines were written in this task: the drawing gets its own.
      await new Promise((resolve) => setTimeout(resolve));
      await drawFirst();
    }
    if (keyboardAtTable) focusFirstChoice();
  }
}

// What only a table of people has: its waiting room and its players (people.js), also
// drawn for a person who made a table of friends alone, until they deal.
const people = alone() && table.status !== "gathering" ? null : await import("./people.js");
const room = people?.createRoom({ ui, data, command });
connect(data.frame, {
  urls: data.urls,
  receive,
  refused: (error) => refused(ui.text("error", { error })),
  reconnecting: () => refused(ui.text("reconnecting")),
  gone(error) {
    refused(ui.text("error", { error }));
    $("prompt").replaceChildren(ui.el("p", "prompt-text", ui.text("removed")));
  },
});
app.dataset.ready = "true";
