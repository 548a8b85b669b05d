// The seat's connection to its table: frames in, commands out. The person's own
// commands are answered by the seat's next frame (an HTTP answer, or the socket's next
// message); everyone else's changes come over the table's WebSocket, or a long poll
// when the browser cannot keep one open. Every deal is a table (issue 24): a deal
// against the AIs is a table of one, and goes the same way.
//
// The connection keeps the seat's log of the deal across reconnections: it asks for the
// events after the last one it has (`since`), and hands each frame on with its deal's
// `events` narrowed to the ones new to this page, and the whole log so far. Nothing
// here decides or draws anything (table.js does).

let hooks = null;
let urls = null;
let frame = null;
let dealId = null;
let log = [];
// The mark of the last frame handed on (see `handle`).
let lastMark = null;
let socket = null;
let polling = typeof WebSocket !== "function";
let failures = 0;
let gone = false;

const PING_MS = 20000;
// WebSocket.OPEN, named here: a browser without WebSocket has no such global at all.
const OPEN = 1;

// `first` is the frame the page came with; `given` says where to, and is told of:
// `receive(frame, news)` each frame (`news`: the deal's `{ fresh, log }`, or null when
// the frame has no deal to draw), `refused(error)` a command or the connection failed,
// `reconnecting()` a socket closed, `gone(error)` the seat is no longer this browser's.
export function connect(first, given) {
  hooks = given;
  urls = given.urls;
  handle(first);
  open();
  setInterval(() => socket?.readyState === OPEN && socket.send('{"type":"ping"}'), PING_MS);
}

// A command for the table: over the socket when it is open, else over HTTP (its answer
// is the seat's next frame).
export function send(body) {
  if (socket?.readyState === OPEN) socket.send(JSON.stringify(body));
  else post(body);
}

// -- frames in ----------------------------------------------------------------------------

function handle(next) {
  frame = next;
  const deal = next.deal;
  if (!deal) return hooks.receive(next, null);
  const start = deal.seen - deal.events.length;
  let events = deal.events;
  let fresh = false;
  if (deal.id !== dealId) {
    // A new deal (or the first frame): its whole log, from its first event.
    if (start !== 0) return resync(next);
    dealId = deal.id;
    log = [];
    fresh = true;
  } else if (start > log.length) {
    return resync(next); // a gap: ask for everything again
  } else {
    events = events.slice(log.length - start);
  }
  log = [...log, ...events.map(({ after, ...event }) => event)];
  // A frame that brings nothing new (the socket's first, which repeats the page's own
  // frame; one after a reconnection) is not news: drawing the whole table again for it
  // cost a phone a long task just as the page settled. The server's mark is the frame's
  // fingerprint without its events, the same for the same table from any process.
  const same = !fresh && !events.length && next.mark === lastMark;
  lastMark = next.mark;
  hooks.receive({ ...next, deal: { ...deal, events } }, same ? null : { fresh, log });
}

function resync(next) {
  dealId = null;
  lastMark = null;
  log = [];
  hooks.receive(next, null);
  socket?.close();
  if (polling) post(null);
}

function message(body) {
  if (body.type === "table") handle(body);
  else if (body.type === "error") {
    if (body.code === "gone" || body.code === 403 || body.code === 404) leave(body.error);
    else hooks.refused(body.error);
  }
}

function leave(error) {
  gone = true;
  hooks.gone(error);
}

// -- the socket, the long poll ------------------------------------------------------------

function query(url) {
  const address = new URL(url, location.href);
  if (dealId) {
    address.searchParams.set("since", String(log.length));
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
  const address = query(urls.live);
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
    if (opened) hooks.reconnecting();
    setTimeout(open, Math.min(500 * 2 ** failures, 8000));
  });
}

async function poll() {
  while (!gone) {
    const address = query(urls.poll);
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

// A command over HTTP (or, with none, the frame now): answered with the seat's frame.
async function post(body) {
  const address = query(body ? urls.actions : urls.poll);
  try {
    const response = await fetch(address, {
      method: body ? "POST" : "GET",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (response.ok) handle(answer);
    else hooks.refused(answer.error);
  } catch (error) {
    hooks.refused(String(error));
  }
}
