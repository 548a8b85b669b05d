// "How would the AI have done in your seat?": once the deal is over, ask the server to
// have the strong AI play the person's seat on the same deck (it runs off the request
// path), show its progress, then its result beside the person's. The server says who won,
// when and with what; this script only writes it into the table.
//
// A deal against the AIs starts the run as it ends (`data.auto`). A table's deal, and a
// replay, offer it with a button instead, and show at once a run started before (asked
// with GET, which starts nothing). At a table the next deal may follow: the section then
// starts again for that deal (`data-deal` on the table, whose id fills the address).
const $ = (id) => document.getElementById(id);
const data = JSON.parse($("ai-seat-data").textContent);
const app = $("table-app");
const button = $("ai-seat-start");
const POLL_MS = 1000;

// A message with a count comes in each plural category of the page's language (the
// server's CLDR forms); Intl.PluralRules says which one a count takes. It is made when
// first needed (the deal over), not as the table opens: ICU's data costs a phone.
let plurals = null;
const pick = (message, count) => {
  if (typeof message === "string") return message;
  plurals ??= new Intl.PluralRules(document.documentElement.lang);
  return message[plurals.select(count)] ?? message.other;
};

const say = (key, values = {}, count = 0) =>
  pick(data.messages[key], count).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// The reader's own seat is "You", or in the AI's run the AI's; the others by the names
// the table showed (a table's deal), else the page's.
function names(run, seats, aiRun) {
  if (!seats.length) return data.messages.nobody;
  const list = seats.map((seat) => {
    if (seat === run.seat) return aiRun ? data.messages.your_seat : data.messages.you;
    return run.players?.[seat] || data.seats[seat];
  });
  return new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" }).format(list);
}

function fill(run, row, outcome) {
  const cells = $("ai-seat-result").querySelectorAll(`[data-row="${row}"] td`);
  const top = outcome.winners.length ? Math.max(...outcome.winners.map((s) => outcome.scores[s])) : null;
  cells[0].textContent = names(run, outcome.winners, row === "ai");
  cells[1].textContent = String(outcome.step);
  cells[2].textContent = top === null ? "—" : String(top);
  cells[3].textContent = String(outcome.scores[run.seat]);
}

// True once there is nothing more to ask.
function show(run) {
  const status = $("ai-seat-status");
  $("ai-seat").dataset.status = run.status;
  if (button) button.hidden = run.status !== "none";
  if (run.status === "none") {
    status.textContent = "";
    return true;
  }
  if (run.status === "done") {
    status.textContent = "";
    fill(run, "yours", run.yours);
    fill(run, "ai", run.outcome);
    $("ai-seat-result").hidden = false;
    const link = $("ai-seat-replay");
    link.href = run.replay;
    link.hidden = false;
    return true;
  }
  if (run.status === "failed") {
    status.textContent = say("failed");
    return true;
  }
  status.textContent = say(run.status === "running" ? "running" : "queued", run, run.moves);
  return false;
}

function clear() {
  $("ai-seat").dataset.status = "";
  $("ai-seat-status").textContent = "";
  $("ai-seat-result").hidden = true;
  $("ai-seat-replay").hidden = true;
  if (button) button.hidden = true;
}

// The deal followed now (null: none over yet), and a count that tells an old deal's
// answers from the current one's.
let current = null;
let round = 0;
// The round whose answers are being followed (one loop at a time).
let following = null;

async function follow(start) {
  if (following === round) return;
  following = round;
  const mine = round;
  const url = data.url.replace("{id}", current ?? "");
  // Asked once with GET (a run started before), then POST while it runs: each poll
  // also starts the run again if the process running it went away.
  let method = start ? "POST" : "GET";
  try {
    for (;;) {
      let response;
      try {
        response = await fetch(url, { method, credentials: "same-origin" });
      } catch (error) {
        if (mine === round) $("ai-seat-status").textContent = say("error", { error: String(error) });
        return;
      }
      const body = await response.json();
      if (mine !== round) return;
      if (!response.ok) {
        if (response.status !== 429) {
          $("ai-seat-status").textContent = say("error", { error: body.error });
          return;
        }
      } else if (show(body)) {
        return;
      } else {
        method = "POST";
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (mine !== round) return;
    }
  } finally {
    if (following === mine) following = null;
  }
}

button?.addEventListener("click", () => {
  button.hidden = true;
  follow(true);
});

function check() {
  const over = data.ready || app?.dataset.status === "finished";
  const deal = data.ready ? "" : (app?.dataset.deal ?? "");
  if (!over) {
    if (current !== null) {
      current = null;
      round += 1;
      clear();
    }
    return;
  }
  if (current === deal) return;
  current = deal;
  round += 1;
  clear();
  follow(data.auto);
}
if (app) new MutationObserver(check).observe(app, { attributes: true, attributeFilter: ["data-status", "data-deal"] });
check();
