// A table of people in the browser: the seat's frames in, its commands out, over the
// table's WebSocket (a long poll when the browser cannot keep one open). table.js
// draws the table exactly as against the AIs; this module turns each frame into the
// state it draws, keeps the seat's log across reconnections (a reconnecting socket
// asks for the events since the last one it has), and draws what only a table of
// people has: the waiting room, the players, the countdown, the AI standing in.
//
// Nothing here decides anything: the server says whose decision it is (`options`),
// when it ends (`timer.deadline`) and who plays each seat (`table.seats`).
const $ = (id) => document.getElementById(id);

let hooks = null;
let data = null;
let frame = null;
let dealId = null;
let history = [];
let socket = null;
let polling = typeof WebSocket !== "function";
let failures = 0;
let gone = false;

const PING_MS = 20000;
// WebSocket.OPEN, named here: a browser without WebSocket has no such global at all.
const OPEN = 1;

export function connect(given) {
  hooks = given;
  data = given.ui.data;
  handle(data.frame);
  open();
  setInterval(tick, 250);
  setInterval(() => socket?.readyState === OPEN && socket.send('{"type":"ping"}'), PING_MS);
  $("invite").hidden = !data.invite;
  $("invite-copy").addEventListener("click", async () => {
    const link = $("invite-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
    } catch {
      document.execCommand?.("copy");
    }
    $("invite-copy").textContent = hooks.ui.text("copied");
  });
}

// -- frames in ----------------------------------------------------------------------------

function handle(next) {
  frame = next;
  const table = next.table;
  nameSeats(table);
  drawRoom(table);
  drawPlayers(table);
  drawAgain();
  const deal = next.deal;
  $("room").hidden = Boolean(deal);
  $("panel-table").hidden = !deal;
  document.body.classList.toggle("gathering", !deal);
  if (!deal) return;
  const start = deal.seen - deal.events.length;
  let events = deal.events;
  let fresh = false;
  if (deal.id !== dealId) {
    // A new deal (or the first frame): its whole log, from its first event.
    if (start !== 0) return resync();
    dealId = deal.id;
    history = [];
    fresh = true;
  } else if (start > history.length) {
    return resync(); // a gap: ask for everything again
  } else {
    events = events.slice(history.length - start);
  }
  history.push(...events.map(({ after, ...event }) => event));
  hooks.receive(stateOf(deal, events), { fresh });
}

// The state table.js draws, as a deal against the AIs has it.
function stateOf(deal, events) {
  return {
    id: deal.id,
    status: deal.result ? "finished" : "ongoing",
    your_turn: deal.options.length > 0,
    legal: deal.options,
    view: { ...deal.view, history: [...history] },
    events,
    step: deal.key,
    seed: deal.seed,
    result: deal.result,
    outcome: deal.outcome,
    acting: deal.window ? null : deal.view.to_act,
    timer: deal.timer,
    answer: deal.answer,
    window: deal.window,
    choosing: deal.choosing ?? [],
    // The seat's own count of hinted decisions, in the frame of the deal's end.
    hints: deal.hints,
  };
}

function resync() {
  dealId = null;
  history = [];
  socket?.close();
  if (polling) post(null);
}

function message(body) {
  if (body.type === "table") handle(body);
  else if (body.type === "error") {
    if (body.code === "gone" || body.code === 403 || body.code === 404) leave(body.error);
    else hooks.refused(hooks.ui.text("error", { error: body.error }));
  }
}

function leave(error) {
  gone = true;
  hooks.refused(hooks.ui.text("error", { error }));
  const prompt = $("prompt");
  prompt.replaceChildren(hooks.ui.el("p", "prompt-text", hooks.ui.text("removed")));
}

// -- the connection -------------------------------------------------------------------------

function query(url) {
  const address = new URL(url, location.href);
  if (dealId) {
    address.searchParams.set("since", String(history.length));
    address.searchParams.set("deal", dealId);
  }
  return address;
}

function open() {
  if (gone) return;
  if (polling) {
    poll();
    return;
  }
  const address = query(data.urls.live);
  address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
  let opened = false;
  socket = new WebSocket(address);
  socket.addEventListener("open", () => {
    opened = true;
    failures = 0;
  });
  socket.addEventListener("message", (event) => message(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    socket = null;
    if (gone) return;
    if (!opened) failures += 1;
    // A browser (or a proxy) that cannot keep a socket open: the long poll instead.
    if (failures >= 3) polling = true;
    if (opened) hooks.refused(hooks.ui.text("reconnecting"));
    setTimeout(open, Math.min(500 * 2 ** failures, 8000));
  });
}

async function poll() {
  while (!gone) {
    const address = query(data.urls.poll);
    if (frame?.mark) address.searchParams.set("mark", frame.mark);
    address.searchParams.set("wait", "25");
    try {
      const response = await fetch(address, { credentials: "same-origin" });
      const body = await response.json();
      if (response.ok) handle(body);
      else if (response.status === 403 || response.status === 404) leave(body.error);
      else await sleep(2000);
    } catch {
      await sleep(2000);
    }
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function command(body) {
  if (socket?.readyState === OPEN) socket.send(JSON.stringify(body));
  else post(body);
}

async function post(body) {
  const address = query(body ? data.urls.actions : data.urls.poll);
  try {
    const response = await fetch(address, {
      method: body ? "POST" : "GET",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (response.ok) handle(answer);
    else hooks.refused(hooks.ui.text("error", { error: answer.error }));
  } catch (error) {
    hooks.refused(hooks.ui.text("error", { error: String(error) }));
  }
}

export function send(action) {
  command({ type: "act", action, key: frame.deal.key });
}

// -- what table.js asks -------------------------------------------------------------------

// Who plays `seat` when an AI does: its level (an AI seat, or a person played for).
export function level(seat) {
  const place = frame?.table.seats[seat];
  if (!place) return null;
  return place.state === "ai" || place.state === "played" ? place.level : null;
}

export function badges(seat, ui) {
  const place = frame?.table.seats[seat];
  if (place?.state === "played") return [ui.el("span", "badge stood-in", ui.text("seat_played"))];
  if (place?.state === "away") return [ui.el("span", "badge away", ui.text("seat_away"))];
  return [];
}

// The log's line for what only a table of people has: an AI deciding for a person.
export function describe(event, ui) {
  if (event.type !== "stood_in") return null;
  const values = { seat: ui.seat(event.seat), level: ui.messages[`ai_${event.level}`] };
  return [ui.fmt(ui.about(`stood_in_${event.reason}`, event.seat), values)];
}

// Above the person's choices: how long the decision has, and whom the table waits for,
// truthfully: the people by name, "the others" in a claim window (who may claim is their
// cards' secret), and the AIs only when they alone are to act. Also the line shown while
// the moves that led to `state` are played back (table.js), which says the same.
export function status(state, ui) {
  const out = document.createDocumentFragment();
  const timer = state.timer;
  const values = {};
  if (state.choosing.length) values.seat = ui.list(state.choosing.map((seat) => ui.seat(seat)));
  let key = null;
  if (state.status === "finished") key = "deal_over";
  else if (!timer) {
    // Nothing to count down: the AIs decide at once, or a deadline is about to come.
    if (state.your_turn) return out;
    if (state.window) key = "waiting_others";
    else key = state.choosing.length ? "choosing" : "waiting";
  } else if (state.your_turn) key = state.window ? "your_answer_left" : "your_move";
  else if (state.answer) {
    key = "answered";
    const verb = state.answer.split(" ")[0];
    values.answer = ui.messages[verb] ?? state.answer;
  } else if (state.window) key = "waiting_window";
  else if (state.choosing.length) key = "waiting_for";
  else key = "waiting";
  const timed = Boolean(timer) && !["deal_over", "waiting"].includes(key);
  const line = ui.el("p", state.your_turn && timed ? "countdown mine" : "countdown");
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
  const text = hooks.ui.text(line.dataset.key, { ...JSON.parse(line.dataset.values), seconds });
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("late", deadline > 0 && deadline - Date.now() < 5000);
}

function tick() {
  for (const line of document.querySelectorAll(".countdown[data-key]")) countdown(line);
  for (const note of document.querySelectorAll("[data-takeover]")) {
    const seconds = Math.max(0, Math.ceil((Number(note.dataset.takeover) - Date.now()) / 1000));
    note.textContent = hooks.ui.text("takeover", { seat: note.dataset.name, seconds });
  }
}

// -- the seats, the waiting room, the players, the next deal ------------------------------

// Each seat by its player's name, as every screen at the table names it (the frame's);
// the person's own seat is "You", and a seat nobody has taken yet is a place.
function nameSeats(table) {
  table.seats.forEach((_place, seat) => {
    data.seats[seat] = nameOf(table, seat);
  });
}

function nameOf(table, seat) {
  const place = table.seats[seat];
  return seat === data.me || !place.name ? data.positions[seat] : place.name;
}

function seatList(table, list) {
  const ui = hooks.ui;
  list.replaceChildren();
  table.seats.forEach((place, seat) => {
    const item = ui.el("li", `player state-${place.state}`);
    item.dataset.seat = String(seat);
    const who = nameOf(table, seat);
    item.append(ui.el("span", "player-name", who));
    const notes = {
      free: ui.text("seat_free"),
      ai: ui.text("seat_ai", { level: ui.messages[`ai_${place.level}`] }),
      here: ui.text("seat_here"),
      away: ui.text("seat_away"),
      played: ui.text("seat_played"),
    };
    item.append(" ", ui.el("span", "player-state", notes[place.state]));
    if (seat === table.host) item.append(" ", ui.el("span", "badge", ui.text("host_badge")));
    if (place.state === "away" && place.takeover) {
      const note = ui.el("span", "takeover");
      note.dataset.takeover = String(place.takeover);
      note.dataset.name = who;
      item.append(" ", note);
    }
    // The host gives a person's seat to the AI, or fills a free one with it.
    const person = ["here", "away", "played", "free"].includes(place.state);
    if (data.host && seat !== data.me && person && table.status !== "over") {
      const remove = ui.button(ui.text("remove"), () => command({ type: "remove", seat }), "button small");
      remove.dataset.remove = String(seat);
      item.append(" ", remove);
    }
    list.append(item);
  });
}

function drawRoom(table) {
  if (table.status !== "gathering") return;
  const ui = hooks.ui;
  seatList(table, $("room-seats"));
  const actions = $("room-actions");
  actions.replaceChildren();
  if (!data.host) {
    actions.append(ui.el("p", "hint", ui.text("wait_host")));
    return;
  }
  const free = table.seats.some((place) => place.state === "free");
  const start = ui.button(ui.text(free ? "start_with_ai" : "start"), () => command({ type: "start" }), "button primary");
  start.id = "start";
  actions.append(start);
}

function drawPlayers(table) {
  const panel = $("players");
  if (!panel) return;
  const list = hooks.ui.el("ol", "room-seats");
  seatList(table, list);
  panel.replaceChildren(hooks.ui.el("h2", "log-title", hooks.ui.text("players")), list);
}

function drawAgain() {
  const ui = hooks.ui;
  const again = $("again");
  // Drawn once: a button rebuilt by every frame could swallow a click that lands as a
  // frame arrives (another seat's change), and would lose the keyboard's focus.
  if (!again) return;
  const replay = $("replay-deal");
  if (replay && frame?.deal) replay.href = data.urls.replay.replace("{id}", frame.deal.id);
  if (again.childElementCount) return;
  if (!data.host) {
    again.replaceChildren(ui.el("span", "hint", ui.text("again_wait")));
    return;
  }
  const same = ui.button(ui.text("again_same"), () => command({ type: "again", same: true }), "button primary");
  same.id = "again-same";
  const fresh = ui.button(ui.text("again_new"), () => command({ type: "again", same: false }), "button");
  fresh.id = "again-new";
  if (data.alone) {
    // Alone against the AIs, as such a deal always had them: New deal first, then the
    // same cards again, and its replay.
    fresh.id = "new-deal";
    fresh.className = "button primary";
    same.id = "play-again";
    same.className = "button";
    const link = ui.el("a", "button", ui.text("replay"));
    link.id = "replay-deal";
    if (frame?.deal) link.href = data.urls.replay.replace("{id}", frame.deal.id);
    again.replaceChildren(fresh, same, link);
    return;
  }
  again.replaceChildren(same, fresh);
}
