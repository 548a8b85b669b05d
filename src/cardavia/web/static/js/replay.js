// The replay viewer: step through a finished deal, forward and back, at the table's pace.
//
// The server sends every frame of the deal (web/presentation/timeline.py): each seat's view after each
// step, what no seat saw (the stock), the step's events and who acted, as the keys that
// changed since the frame before. This script only puts the frames back together, picks
// which of them to show (every seat face up, or one seat's view) and hands that to the
// live table's own drawing (static/js/board.js with the game's script): it never works a
// position out. Keys: ← → one step, Home End the start and the end, Space play/pause;
// the step is the address's fragment (#120), so a link opens that moment.
import { createBoard } from "./board.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("replay-data").textContent);
const table = JSON.parse($("table-data").textContent);
const app = $("replay-app");
const { ui, game, fitAll } = await createBoard($("table-app"), table);
// The reader's seat on their own replay of a table's deal (its hand at the bottom).
const me = table.me ?? 0;
const frames = rebuild(data.timeline);
const last = frames.length - 1;
const PACE_KEY = "cardavia.pace";
// A step's beat when playing, as the live table's paces (static/js/table.js).
const BEATS = { slow: 1300, normal: 650, fast: 300, instant: 120 };
// A step nobody at the table saw (a sealed answer, a forced pass) goes by faster.
const QUIET = 0.35;

// Whole frames from the changes: public scene, each seat's private part, the hidden part.
function rebuild(timeline) {
  const out = [];
  let scene = {};
  let hidden = {};
  let seats = Array.from({ length: timeline.players }, () => ({}));
  for (const frame of timeline.frames) {
    scene = { ...scene, ...frame.public };
    hidden = { ...hidden, ...frame.hidden };
    seats = seats.map((mine, seat) => ({ ...mine, ...(frame.private[String(seat)] ?? {}) }));
    out.push({ step: frame.step, scene, hidden, seats, events: frame.events, actor: frame.actor });
  }
  return out;
}

const say = (key, values = {}) =>
  data.messages[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

let step = 0;
let playing = null;

// What seat `seat` saw of the step's events (a sealed answer is its own seat's only).
function seenBy(event, seat) {
  return seat === "all" || !event.seats || event.seats.includes(Number(seat));
}

// An action in words: the game's word for its verb, then its cards by name.
function actionText(action) {
  const [verb, ...codes] = action.split(" ");
  const word = ui.messages[`answer_${verb}`] ?? verb;
  return [word, ...codes.map((code) => ui.catalogue[code]?.name ?? code)].join(" ");
}

// The same, drawn: the word, then the cards' faces (each with its spoken name).
function actionDrawn(action) {
  const [verb, ...codes] = action.split(" ");
  const out = document.createDocumentFragment();
  out.append(ui.messages[`answer_${verb}`] ?? verb);
  if (codes.length) out.append(" ", ui.cards(codes, "mini"));
  return out;
}

// A special combination the step's play forms, by the name the server gives it (the
// live log's words: Tian Jiu, Ren Qi…; in Chinese 天九, 人七…).
function combination(frame) {
  const named = frame.events.find((event) => event.combination)?.combination;
  if (!named) return "";
  return document.documentElement.lang.startsWith("zh") ? named.chinese : named.name;
}

function narrate(frame, seat) {
  const actor = frame.actor;
  if (!actor) return say("dealt");
  // One seat's view: another seat's sealed answer was only ever "answered".
  if (seat !== "all" && Number(seat) !== actor.seat && frame.events.every((e) => !seenBy(e, seat))) {
    return say("unseen", { seat: data.seats[actor.seat] });
  }
  const named = combination(frame);
  return say(actor.forced ? "acted_forced" : "acted", {
    seat: data.seats[actor.seat],
    action: named ? `${actionText(actor.action)} (${named})` : actionText(actor.action),
  });
}

function show(next, { announce = true } = {}) {
  step = Math.max(0, Math.min(last, next));
  const frame = frames[step];
  const seat = $("replay-seat").value;
  app.dataset.step = String(step);
  app.dataset.seat = seat;
  $("replay-slider").value = String(step);
  const where = say("step_of", { step, last });
  $("replay-slider").setAttribute("aria-valuetext", where);
  $("replay-step").textContent = where;
  const over = step === last && data.timeline.finished;
  const now = over ? `${narrate(frame, seat)} ${say("over")}` : narrate(frame, seat);
  $("replay-now").textContent = announce ? now : "";
  $("replay-now").dataset.text = now;
  drawLog(seat);
  drawTable(frame, seat, now);
  // The fragment names the step: a link opens this moment (replaced, not pushed, so Back
  // leaves the replay instead of walking it backwards).
  history.replaceState(null, "", `#${step}`);
  window.dispatchEvent(new CustomEvent("replay:frame", { detail: { frame, seat, data } }));
}

// What the table draws for `seat` ("all": every seat face up): the public scene, the
// seat's own part, and in a face-up replay every hand, every sealed answer and the
// stock; in one seat's view only what that seat saw.
function modelOf(frame, seat) {
  const everyone = seat === "all";
  const shown = everyone ? frame.seats.map((_, index) => index) : [Number(seat)];
  const model = { ...frame.scene, ...frame.seats[everyone ? me : Number(seat)] };
  model.hand = shown.includes(me) ? frame.seats[me].hand : [];
  model.hands = {};
  model.answers = {};
  for (const index of shown) {
    if (index !== me) model.hands[index] = frame.seats[index].hand;
    const answer = frame.seats[index].my_answer;
    if (answer) model.answers[index] = answer;
  }
  if (everyone && frame.hidden.stock) model.stock = frame.hidden.stock;
  return model;
}

function drawTable(frame, seat, now) {
  const model = modelOf(frame, seat);
  const over = step === last && data.timeline.finished;
  // The step as a seat's frame has a deal (services/tables/frames.py): nothing to choose.
  const deal = {
    view: model,
    key: frame.step,
    options: [],
    events: [],
    window: false,
    result: over ? data.timeline.result : null,
  };
  ui.keepFocus(() => {
    // Drawn as the live table draws the AIs' moves: the seat to act marked, no choices.
    game.render(model, deal, ui, { busy: !over, highlight: over ? null : { seat: model.to_act } });
    if (!model.hand.length) {
      $("hand").replaceChildren(ui.concealed(table.deck, model.hand_sizes[me]));
    }
    $("hand").setAttribute("aria-label", ui.text("open_hand", { seat: data.seats[me] }));
    const prompt = $("prompt");
    prompt.replaceChildren(ui.el("p", "prompt-text", now));
    drawSuggestion(prompt, frame.step);
  });
  drawEnding(deal, over);
}

// At the deal's last step, the live table's end of the deal over the board (who won, the
// groups or the accounts); *See the table* lifts it until the step changes.
let endingLifted = false;
function drawEnding(deal, over) {
  const ending = $("ending");
  if (!over) endingLifted = false;
  ending.hidden = !over || endingLifted;
  if (ending.hidden) return;
  $("ending-title").replaceChildren(game.endingTitle(deal, ui));
  // The live table's ending also reads the seat's log (its last event): a replay's step
  // has its own log, below.
  $("ending-body").replaceChildren(game.ending(deal, ui, []));
  fitAll();
}
$("ending-hide").addEventListener("click", () => {
  endingLifted = true;
  $("ending").hidden = true;
});

// At a decision of the person, the strong player's choice beside theirs (the action
// only: the reason's sentence is the coach's, issue 15). Asked of the server once per
// step, when the step is shown.
const suggestions = new Map();
function drawSuggestion(prompt, at) {
  const next = frames[step + 1];
  if (!data.hint_url || !next?.actor || next.actor.seat !== me || next.actor.forced) return;
  const line = ui.el("p", "suggestion");
  line.id = "replay-suggestion";
  const theirs = ui.el("span", "suggestion-yours");
  theirs.append(ui.fmt("you_chose", { action: actionDrawn(next.actor.action) }, data.messages));
  line.append(theirs, " ");
  const strong = ui.el("span", "suggestion-strong");
  line.append(strong);
  prompt.append(line);
  const known = suggestions.get(at);
  const fill = (answer) => {
    if (!strong.isConnected) return;
    strong.replaceChildren(
      answer.error
        ? say("hint_failed", { error: answer.error })
        : ui.fmt(
            answer.action === next.actor.action ? "strong_same" : "strong_chose",
            { action: actionDrawn(answer.action) },
            data.messages,
          ),
    );
    line.dataset.ready = "true";
    line.dataset.same = String(answer.action === next.actor.action);
    fitAll();
  };
  if (known) return fill(known);
  strong.textContent = data.messages.strong_thinking;
  fetch(`${data.hint_url}/${at}`, { credentials: "same-origin" })
    .then(async (response) => {
      const body = await response.json();
      return response.ok ? body : { error: body.error ?? response.statusText };
    })
    .catch((error) => ({ error: String(error) }))
    .then((answer) => {
      if (!answer.error) suggestions.set(at, answer);
      fill(answer);
    });
}

// The log in the live table's own words (the game's script writes both): each step's
// events as lines with their cards drawn, who drew what, what beat what, the special
// combinations named. A step whose events the live log does not tell (a sealed claim
// answer, seen face up here) reads as before: who did what.
function logLines(frame, seat) {
  const lines = [];
  for (const event of frame.events) {
    if (event.seats || !seenBy(event, seat)) continue;
    lines.push(...(game.describe(event, ui) ?? []));
  }
  return lines;
}

function drawLog(seat) {
  const log = $("replay-log");
  const items = frames.slice(1, step + 1).map((frame) => {
    const item = ui.el("li", "replay-line");
    const lines = logLines(frame, seat);
    if (!lines.length) item.append(narrate(frame, seat));
    lines.forEach((line, index) => {
      if (index) item.append(ui.el("br"));
      item.append(line);
    });
    item.classList.toggle("forced", Boolean(frame.actor?.forced));
    return item;
  });
  log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

function beat(frame) {
  const base = BEATS[$("replay-pace").value] ?? BEATS.normal;
  const quiet = frame.actor?.forced || frame.events.every((event) => event.seats);
  return quiet ? base * QUIET : base;
}

function play(on) {
  clearTimeout(playing);
  playing = null;
  $("replay-play").setAttribute("aria-pressed", String(on));
  $("replay-play").textContent = on ? data.messages.pause : data.messages.play;
  app.dataset.playing = String(on);
  if (!on) return;
  if (step >= last) show(0);
  const tick = () => {
    if (step >= last) return play(false);
    show(step + 1);
    playing = setTimeout(tick, beat(frames[step]));
  };
  playing = setTimeout(tick, beat(frames[step]));
}

$("replay-slider").max = String(last);
$("replay-start").addEventListener("click", () => { play(false); show(0); });
$("replay-back").addEventListener("click", () => { play(false); show(step - 1); });
$("replay-forward").addEventListener("click", () => { play(false); show(step + 1); });
$("replay-end").addEventListener("click", () => { play(false); show(last); });
$("replay-play").addEventListener("click", () => play(playing === null));
$("replay-slider").addEventListener("input", () => { play(false); show(Number($("replay-slider").value)); });
$("replay-seat").addEventListener("change", () => show(step));
const pace = $("replay-pace");
const remembered = localStorage.getItem(PACE_KEY);
if (remembered in BEATS && remembered !== "instant") pace.value = remembered;
pace.addEventListener("change", () => localStorage.setItem(PACE_KEY, pace.value));

// Keys work anywhere on the page but in a field that needs them itself.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest?.("input:not([type=range]), select, textarea")) return;
  const moves = {
    ArrowLeft: () => show(step - 1),
    ArrowRight: () => show(step + 1),
    Home: () => show(0),
    End: () => show(last),
  };
  if (event.key in moves) {
    // The slider moves itself with the arrows: only the viewer's own move is made.
    event.preventDefault();
    play(false);
    moves[event.key]();
  } else if (event.key === " " && !target.closest?.("button")) {
    event.preventDefault();
    play(playing === null);
  }
});

function fromAddress() {
  const wanted = Number.parseInt(location.hash.slice(1), 10);
  return Number.isInteger(wanted) ? wanted : 0;
}
window.addEventListener("hashchange", () => show(fromAddress()));
show(fromAddress(), { announce: false });
app.dataset.ready = "true";
