// The replay viewer: step through a finished deal, forward and back, at the table's pace.
//
// The server sends every frame of the deal (web/timeline.py): each seat's view after each
// step, what no seat saw (the stock), the step's events and who acted, as the keys that
// changed since the frame before. This script only puts the frames back together and
// picks which of them to show (every seat face up, or one seat's view); it never works a
// position out. Keys: ← → one step, Home End the start and the end, Space play/pause;
// the step is the address's fragment (#120), so a link opens that moment.
const $ = (id) => document.getElementById(id);
const data = JSON.parse($("replay-data").textContent);
const app = $("replay-app");
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

function narrate(frame, seat) {
  const actor = frame.actor;
  if (!actor) return say("dealt");
  // One seat's view: another seat's sealed answer was only ever "answered".
  if (seat !== "all" && Number(seat) !== actor.seat && frame.events.every((e) => !seenBy(e, seat))) {
    return say("unseen", { seat: data.seats[actor.seat] });
  }
  return say(actor.forced ? "acted_forced" : "acted", {
    seat: data.seats[actor.seat],
    action: actor.action,
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
  // The fragment names the step: a link opens this moment (replaced, not pushed, so Back
  // leaves the replay instead of walking it backwards).
  history.replaceState(null, "", `#${step}`);
  window.dispatchEvent(new CustomEvent("replay:frame", { detail: { frame, seat, data } }));
}

function drawLog(seat) {
  const log = $("replay-log");
  log.replaceChildren();
  for (const frame of frames.slice(1, step + 1)) {
    const item = document.createElement("li");
    item.textContent = `${frame.step}. ${narrate(frame, seat)}`;
    log.append(item);
  }
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
