// The live table: shows the state the server sent, sends the person's actions, and
// plays the AIs' moves back one at a time at the pace the person chose.
//
// Rules live on the server. This script offers only the actions listed in `legal`, and
// draws the table after each event from what the event says changed (`after`, a part
// of the person's view): it never works out a move's consequences itself. The game's own
// script (static/js/games/<game>.js) draws its seats, prompt and log lines, through the
// table component (static/js/board.js) that the replay viewer draws with too.
//
// Every deal is a table (issue 24): a deal against the AIs is a table of one, a table of
// friends the same with more people. The seat's frames come from people.js (HTTP answers
// to its own commands, a WebSocket or a long poll for everyone else's).
import { createBoard } from "./board.js";

const $ = (id) => document.getElementById(id);

const data = JSON.parse($("table-data").textContent);
const people = await import("/static/js/people.js");
// The person's seat (board.js draws it at the bottom, the others in turn around it).
const me = data.me ?? 0;

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
  const log = $("log");
  log.scrollTop = log.scrollHeight;
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
  resized: () => scrollLog(),
  // At a table of people: each seat's person, level and presence (people.js).
  level: people ? (seat) => people.level(seat) : undefined,
  badges: people ? (seat, ui) => people.badges(seat, ui) : undefined,
});
let state = data.state;
let model = state ? structuredClone(state.view) : null;
if (data.guide) {
  const { createGuide } = await import("/static/js/guide.js");
  guide = createGuide({
    data,
    ui,
    app,
    game,
    announce,
    state: () => state,
    rerender: () => render(),
    atTable: () => keyboardAtTable,
  });
}
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

// The misclick guard: how long a choice waits, and can be taken back, before it is sent.
const GUARD_KEY = "cardavia.guard";
// Every table has it, the hint and the review.
const guard = $("guard");
const storedGuard = localStorage.getItem(GUARD_KEY);
if (guard) {
  guard.value = ["0", "1500", "3000"].includes(storedGuard) ? storedGuard : "1500";
  guard.addEventListener("change", () => localStorage.setItem(GUARD_KEY, guard.value));
}
let pending = null;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// -- the log ------------------------------------------------------------------------

// The log is written from the person's history alone (the public events and their own
// answers, as the server keeps them), one event after another in the same way whether
// it is read live or after a reload: the two always read alike.
const noted = new Set();

function logEvent(event, fresh, { scroll = true } = {}) {
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

function redrawLog() {
  $("log").replaceChildren();
  noted.clear();
  for (const event of state.view.history) logEvent(event, false, { scroll: false });
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

// -- drawing ----------------------------------------------------------------------------

function showEnding() {
  const ending = $("ending");
  if (state.status !== "finished") {
    ending.hidden = true;
    return;
  }
  $("ending-body").replaceChildren(game.ending(state, ui));
  if (guide) guide.ended($("ending-body"));
  else if (offerGuide()) $("ending-body").prepend(guideOffer());
  $("ending-title").replaceChildren(game.endingTitle(state, ui));
  const numberNote = people && !data.alone ? "deal_number_table" : "deal_number";
  $("deal-number-note").textContent = state.seed === null ? "" : ui.text(numberNote, { seed: state.seed });
  // A table's frame says it at the end only (the seat's own count), with nothing kept
  // for a seat: no line then.
  const used = $("hints-used");
  if (used) used.textContent = state.hints === undefined ? "" : ui.text("hints_used", { count: state.hints });
  if (state.seed !== null) $("deal-label").textContent = ui.text("deal_label", { seed: state.seed });
  ending.hidden = false;
  // The end opens at its headline (who won): the focus goes to its first action without
  // scrolling the panel down to it.
  ending.querySelector(".ending-card").scrollTop = 0;
  fitAll();
  const first = people ? $("again").querySelector("button") : $("new-deal");
  if (keyboardAtTable && !busy) first?.focus({ preventScroll: true });
}
// After the first deal this browser did not win, to someone who has not played the
// guided deal (the server offers it only when no earlier deal of the game was lost), and
// after that deal only: a deal lost again on this page is not a first.
let guideOffered = null;
function offerGuide() {
  if (!data.guide_offer || state.outcome === "won" || state.outcome === "shared") return false;
  guideOffered ??= state.id;
  return guideOffered === state.id;
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

function showPrompt() {
  const prompt = $("prompt");
  prompt.replaceChildren();
  prompt.classList.toggle("mine", state.your_turn && !busy && !pending);
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
  if (busy && people && !animating) {
    prompt.append(ui.el("p", "waiting", ui.text("sending")));
    return;
  }
  if (busy) {
    // Against the AIs only they play between the person's moves; at a table of people
    // the line says whom the table now waits for (people.js), whose moves these are.
    const line = ui.el(people && upcoming ? "div" : "p", "waiting");
    if (people && upcoming) line.append(people.status(upcoming, ui));
    else line.append(ui.text("waiting"));
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
  if (state.your_turn) {
    game.prompt(prompt, state, ui);
    showHint();
    guide?.show(prompt);
  }
}

function render(highlight) {
  ui.keepFocus(() => {
    game.render(model, state, ui, { busy: busy || Boolean(pending), highlight });
    showPrompt();
  });
  if (hintButton) hintButton.disabled = !canHint();
  scrollLog();
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

// -- the misclick guard ---------------------------------------------------------------

// A choice waits for the guard's moment before it is sent; until then nothing has reached
// the server, so taking it back reveals nothing and costs nothing.
function choose(action) {
  if (busy || pending) return;
  const delay = Number(guard?.value ?? 0);
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
  return Boolean(hintButton) && state.your_turn && state.status !== "finished" && !busy && !pending && !asking;
}

async function askHint() {
  if (!canHint()) return;
  if (hinted?.step === state.step) {
    render();
    announce(ui.text("hint_label", { sentence: hinted.text }));
    return;
  }
  asking = true;
  hintButton.disabled = true;
  hintButton.setAttribute("aria-busy", "true");
  const step = state.step;
  try {
    const response = await fetch(data.urls.hint, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ step }),
    });
    const body = await response.json();
    if (response.status === 503) notice(ui.text("hint_busy"));
    else if (!response.ok) notice(ui.text("error", { error: body.error }));
    else if (step === state.step) {
      hinted = { step, action: body.action, text: body.text };
      // The count so far (a table's frames bring the seat's own at the deal's end).
      if (body.hints !== undefined) state = { ...state, hints: body.hints };
    }
  } catch (error) {
    notice(ui.text("error", { error: String(error) }));
  }
  asking = false;
  hintButton.removeAttribute("aria-busy");
  render();
  if (hinted?.step === state.step) announce(ui.text("hint_label", { sentence: hinted.text }));
}
hintButton?.addEventListener("click", () => askHint());

// The hint of this decision, if one was asked: its sentence over the prompt's choices,
// and the suggested card or button marked.
function showHint() {
  if (!hinted || hinted.step !== state.step || !state.your_turn || busy || pending) return;
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

// -- the review ------------------------------------------------------------------------

// Once the deal is over: asked for, the review is computed on the server while the page
// shows how far it is (reading it again every moment); a reload finds it ready.
let reviewing = false;
// The review's formatters, made when a review is first written: an Intl formatter costs
// a phone some milliseconds (ICU's data), which the table's opening should not pay.
let formats = null;
function reviewFormats() {
  const lang = document.documentElement.lang;
  formats ??= {
    percent: new Intl.NumberFormat(lang, { style: "percent" }),
    // A finding's gain and its interval to a tenth of a point: a listed finding's
    // interval lies above zero, and a lower end of 0.3 points must not read "+0%".
    signed: new Intl.NumberFormat(lang, {
      style: "percent",
      signDisplay: "exceptZero",
      maximumFractionDigits: 1,
    }),
  };
  return formats;
}

async function showReview() {
  const section = $("review");
  section.hidden = false;
  // Below the end's buttons, out of sight on a phone: brought into view as it opens.
  section.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
  if (reviewing) return;
  reviewing = true;
  const body = $("review-body");
  // At a table of people the host may deal again meanwhile: that deal's review is not this one.
  const reviewed = state.id;
  for (let tries = 0; tries < 600 && state.id === reviewed; tries += 1) {
    let found;
    try {
      const response = await fetch(data.urls.review, { credentials: "same-origin" });
      found = await response.json();
      if (!response.ok) throw new Error(found.error);
    } catch (error) {
      body.replaceChildren(ui.el("p", "notice", ui.text("review_failed")));
      break;
    }
    if (found.status === "ready") {
      body.replaceChildren(reviewList(found));
      break;
    }
    const line = ui.el("p", "review-progress", ui.text("review_progress", found));
    const bar = ui.el("progress");
    bar.max = found.total || 1;
    bar.value = found.done;
    bar.setAttribute("aria-hidden", "true");
    body.replaceChildren(line, bar);
    await sleep(700);
  }
  reviewing = false;
}
$("review-button")?.addEventListener("click", () => showReview());

function reviewList(found) {
  const out = document.createDocumentFragment();
  const findings = found.findings;
  out.append(
    ui.el("p", "review-summary", ui.text("review_summary", { count: found.decisions, differ: findings.length })),
  );
  if (!findings.length) out.append(ui.el("p", "review-agrees", ui.text("review_agrees")));
  const list = ui.el("ol", "review-list");
  const { percent, signed } = reviewFormats();
  for (const finding of findings) {
    const item = ui.el("li", finding.scene ? "finding costly" : "finding");
    item.dataset.step = String(finding.step);
    const head = ui.el("p", "finding-head");
    head.append(ui.el("strong", "", ui.text("review_decision", { number: finding.index + 1 })), " ");
    head.append(
      ui.text("review_chances", {
        chosen: percent.format(finding.chosen_win),
        suggested: percent.format(finding.suggested_win),
      }),
    );
    item.append(head);
    // Every finding has its interval (a review stored before it is judged again).
    if (finding.gain_low !== undefined && finding.gain_high !== undefined) {
      const gain = ui.text("review_gain", {
        gain: signed.format(finding.gain),
        low: signed.format(finding.gain_low),
        high: signed.format(finding.gain_high),
      });
      item.append(ui.el("p", "finding-gain", gain));
    }
    const moves = ui.el("p", "finding-moves");
    moves.append(ui.fmt("review_played", { action: game.choiceLabel(finding.chosen, ui) }), " · ");
    moves.append(ui.fmt("review_suggested", { action: game.choiceLabel(finding.suggested, ui) }));
    item.append(moves);
    // Every finding says why; the costliest three also show the position.
    item.append(ui.el("p", "finding-reason", finding.text));
    if (finding.scene) item.append(game.reviewPosition(finding.scene, ui));
    list.append(item);
  }
  out.append(list);
  return out;
}

async function send(action) {
  if (busy) return;
  guide?.chose(action);
  // The answer comes back as the seat's next frame (see receive): every deal is a table.
  busy = true;
  render();
  people.send(action);
}

// A table of people: the seat's next state, from a frame (people.js). Frames are played
// back one after another, each one's events at the chosen pace, as after an answer.
let queue = Promise.resolve();
// The state whose moves are being played back: the prompt says whom it waits for.
let upcoming = null;
function receive(next, { fresh = false } = {}) {
  queue = queue.then(async () => {
    busy = true;
    app.dataset.busy = "true";
    const first = !state;
    if (fresh || first) {
      if (state && state.id !== next.id) {
        // The next deal at a table of people: the last one's review goes with it.
        $("review").hidden = true;
        $("review-body").replaceChildren();
      }
      state = next;
      // A table opened to play: the keyboard starts at the person's first choice.
      if (first && state.your_turn && state.status !== "finished") keyboardAtTable = true;
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
      state = next;
    }
    model = structuredClone(state.view);
    busy = false;
    if (!first) {
      shown();
      return;
    }
    // The first drawing: its regions fitted afterwards, a task each (board.js).
    ui.unsettled = true;
    shown();
    await settle();
    if (keyboardAtTable) focusFirstChoice();
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
  // A deal number the person chose is shown from the start (a drawn one at the end).
  if (state.seed !== null && state.seed !== undefined) {
    $("deal-label").textContent = ui.text("deal_label", { seed: state.seed });
  }
  showEnding();
  app.dataset.step = String(state.step);
  // The deal's id before its status: the AI in your seat follows the deal that ended.
  app.dataset.deal = state.id;
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
// The opening: the first time a deal's table is opened, the AIs' moves before the
// person's first decision are played back from the cards as dealt, at the chosen pace
// (Show all now, or Escape, skips to the end), instead of opening on the position they
// led to. The server sends the dealt view only until the person has decided; a table
// sends it (with its deal's id) only where nothing is held on show: alone against the AIs.
function openingDue() {
  if (!data.opening?.events.length) return false;
  if (data.opening.id !== undefined && data.opening.id !== state.id) return false;
  const seen = `cardavia.opened.${state.id}`;
  if (sessionStorage.getItem(seen)) return false;
  sessionStorage.setItem(seen, "1");
  return true;
}

async function playOpening() {
  const final = state;
  model = structuredClone(data.opening.view);
  $("log").replaceChildren();
  noted.clear();
  busy = true;
  app.dataset.busy = "true";
  render();
  try {
    await animate(data.opening.events);
  } finally {
    model = structuredClone(final.view);
    busy = false;
    shown();
    if (keyboardAtTable) focusFirstChoice();
  }
}

if (state) {
  if (openingDue()) queue = queue.then(playOpening);
  else {
    redrawLog();
    // The first drawing: its regions fitted afterwards, a task each (board.js).
    ui.unsettled = true;
    shown();
    await settle();
  }
}
app.dataset.ready = "true";
// A table opened to play: the keyboard starts at the person's first choice.
if (state?.your_turn && state.status !== "finished") {
  keyboardAtTable = true;
  focusFirstChoice();
}
