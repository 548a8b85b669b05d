// "How would the AI have done in your seat?": once the deal is over, ask the server to
// have the strong AI play the person's seat on the same deck (it runs off the request
// path), show its progress, then its result beside the person's. The server says who won,
// when and with what; this script only writes it into the table.
const $ = (id) => document.getElementById(id);
const data = JSON.parse($("ai-seat-data").textContent);
const app = $("table-app");
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

// In the AI's run the person's seat is the AI's: it is named so, not "you".
function names(seats, aiRun) {
  if (!seats.length) return data.messages.nobody;
  const list = seats.map((seat) => (seat === 0 && aiRun ? data.messages.your_seat : data.seats[seat]));
  return new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" }).format(list);
}

function fill(row, outcome) {
  const cells = $("ai-seat-result").querySelectorAll(`[data-row="${row}"] td`);
  const top = outcome.winners.length ? Math.max(...outcome.winners.map((s) => outcome.scores[s])) : null;
  cells[0].textContent = names(outcome.winners, row === "ai");
  cells[1].textContent = String(outcome.step);
  cells[2].textContent = top === null ? "—" : String(top);
  cells[3].textContent = String(outcome.scores[0]);
}

function show(run) {
  const status = $("ai-seat-status");
  $("ai-seat").dataset.status = run.status;
  if (run.status === "done") {
    status.textContent = "";
    fill("yours", run.yours);
    fill("ai", run.outcome);
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

let started = false;
async function follow() {
  if (started) return;
  started = true;
  for (;;) {
    let response;
    try {
      // Each poll also starts the run again if the process running it went away.
      response = await fetch(data.url, { method: "POST", credentials: "same-origin" });
    } catch (error) {
      $("ai-seat-status").textContent = say("error", { error: String(error) });
      return;
    }
    const body = await response.json();
    if (!response.ok) {
      if (response.status !== 429) {
        $("ai-seat-status").textContent = say("error", { error: body.error });
        return;
      }
    } else if (show(body)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function check() {
  if (app.dataset.status === "finished") follow();
}
new MutationObserver(check).observe(app, { attributes: true, attributeFilter: ["data-status"] });
check();
