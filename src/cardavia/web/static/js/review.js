// The review of a deal that is over, below the end's buttons (loaded by table.js): asked
// for with Review, it is computed on the server while the page shows how far it is
// (reading it again every moment); a reload finds it ready. Each finding is one of the
// person's decisions where the strong AI's choice wins significantly more often, drawn
// with the words and positions of the game's own script.
const $ = (id) => document.getElementById(id);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The review section of the table's page; `dealId` says which deal is on show now (the
// host may deal again while a review is being read).
export function createReview({ data, ui, game, reducedMotion, dealId }) {
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

  async function show() {
    const section = $("review");
    section.hidden = false;
    // Below the end's buttons, out of sight on a phone: brought into view as it opens.
    section.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
    if (reviewing) return;
    reviewing = true;
    const body = $("review-body");
    // The host may deal again meanwhile: that deal's review is not this one.
    const reviewed = dealId();
    for (let tries = 0; tries < 600 && dealId() === reviewed; tries += 1) {
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
  $("review-button").addEventListener("click", () => show());

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

  // The next deal at the table: the last one's review goes with it.
  function clear() {
    $("review").hidden = true;
    $("review-body").replaceChildren();
  }

  return { show, clear };
}
