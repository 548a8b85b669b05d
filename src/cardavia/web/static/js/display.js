// Display settings: contrast, grain and colour temperature (0–100 %, where 50 % is the
// design as drawn) and colour patterns on the four-colour cards. They apply to the whole
// page and are remembered in localStorage. A classic script loaded in <head>: the
// remembered look is applied before the first paint, and the controls are wired once
// the page is parsed. Styles are set through the CSSOM, which a strict CSP allows.
(() => {
  const KEY = "cardavia.display";
  const DEFAULTS = Object.freeze({ contrast: 50, grain: 50, temperature: 50, patterns: false });
  const root = document.documentElement;

  function level(value) {
    const number = Number(value);
    return Number.isFinite(number) ? Math.min(100, Math.max(0, Math.round(number))) : 50;
  }

  function load() {
    let stored = {};
    try {
      stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") ?? {};
    } catch {
      stored = {};
    }
    return {
      contrast: level(stored.contrast ?? DEFAULTS.contrast),
      grain: level(stored.grain ?? DEFAULTS.grain),
      temperature: level(stored.temperature ?? DEFAULTS.temperature),
      patterns: stored.patterns === true,
    };
  }

  function save(settings) {
    try {
      localStorage.setItem(KEY, JSON.stringify(settings));
    } catch {
      // Storage can be full or switched off: the settings still apply to this page.
    }
  }

  function apply(settings) {
    // Contrast: 0 % → 0.6, 50 % → 1 (no filter at all: the design as drawn), 100 % → 1.6.
    const { contrast, grain, temperature } = settings;
    const factor = contrast < 50 ? 0.6 + (0.4 * contrast) / 50 : 1 + (0.6 * (contrast - 50)) / 50;
    root.style.setProperty(
      "--display-filter",
      contrast === 50 ? "none" : `contrast(${factor.toFixed(3)})`,
    );
    // Grain: the paper's texture. 50 % is the light grain of the design, 0 % none;
    // squared, so the first half of the slider stays subtle.
    root.style.setProperty("--grain-opacity", (0.3 * (grain / 100) ** 2).toFixed(3));
    // Colour temperature: warm (0 %) to cool (100 %); the tint grows from the middle.
    root.style.setProperty("--tint-opacity", ((0.2 * Math.abs(temperature - 50)) / 50).toFixed(3));
    root.style.setProperty("--tint", temperature < 50 ? "var(--tint-warm)" : "var(--tint-cool)");
    root.toggleAttribute("data-patterns", settings.patterns);
    Object.assign(root.dataset, {
      contrast: String(contrast),
      grain: String(grain),
      temperature: String(temperature),
    });
  }

  let settings = load();
  apply(settings);

  // One formatter for the page: making one costs a phone several milliseconds (ICU's
  // data), and the three controls name their values twice each on every redraw.
  let formatter = null;
  function percent(value) {
    formatter ??= new Intl.NumberFormat(root.lang || undefined, { style: "percent" });
    return formatter.format(value / 100);
  }

  // The controls' values, and their words ("50 %", also what a screen reader says)
  // once the menu has opened: naming a value takes an Intl formatter, whose making
  // (ICU's data) a phone would otherwise pay on every page as it loads, for controls
  // no one sees yet.
  let named = false;
  function show() {
    for (const input of document.querySelectorAll("#display [data-setting]")) {
      const key = input.dataset.setting;
      if (input.type === "checkbox") {
        input.checked = settings[key];
        continue;
      }
      input.value = String(settings[key]);
      if (!named) continue;
      input.setAttribute("aria-valuetext", percent(settings[key]));
      const output = document.getElementById(`${input.id}-value`);
      if (output) output.textContent = percent(settings[key]);
    }
  }

  function wire() {
    const bar = document.getElementById("display");
    if (!bar) return;
    const menu = bar.closest("details");
    const name = () => {
      named = true;
      show();
    };
    if (menu && !menu.open) {
      show();
      menu.addEventListener("toggle", name, { once: true });
    } else name();
    bar.addEventListener("input", (event) => {
      const input = event.target.closest("[data-setting]");
      if (!input) return;
      const key = input.dataset.setting;
      settings = { ...settings, [key]: input.type === "checkbox" ? input.checked : level(input.value) };
      apply(settings);
      // A control someone moved is on show, even if the menu's toggle event (queued as
      // it opened) has not run yet: its words must follow it at once.
      named = true;
      show();
      save(settings);
    });
    document.getElementById("display-reset")?.addEventListener("click", () => {
      settings = { ...DEFAULTS };
      apply(settings);
      show();
      try {
        localStorage.removeItem(KEY);
      } catch {
        // Nothing was stored.
      }
    });
    // Another tab changed them: follow.
    window.addEventListener("storage", (event) => {
      if (event.key !== KEY && event.key !== null) return;
      settings = load();
      apply(settings);
      show();
    });
  }

  // The header's menus (language, display): one open at a time, closed by Escape or by
  // a click elsewhere, as a menu is expected to behave.
  function wireMenus() {
    const menus = Array.from(document.querySelectorAll("details.menu"));
    for (const menu of menus) {
      menu.addEventListener("toggle", () => {
        if (!menu.open) return;
        for (const other of menus) if (other !== menu) other.open = false;
      });
      menu.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || !menu.open) return;
        menu.open = false;
        menu.querySelector("summary").focus();
      });
    }
    document.addEventListener("click", (event) => {
      for (const menu of menus) if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
  }

  // Where the header's free middle lies (a short landscape screen puts the game's bar
  // there): the wordmark's right edge and the menus' width, as CSS variables of the
  // game's bar, measured again whenever either changes size (another language, the fonts
  // arriving). Only a table's page has the bar; set on it, not on the root, a change
  // restyles the bar alone, not the whole page (which a phone pays for as the page
  // settles), and a size measured again but unchanged restyles nothing.
  function trackHeader() {
    const header = document.querySelector(".site-header");
    const mark = header?.querySelector(".wordmark");
    const tools = header?.querySelector(".header-tools");
    const bar = document.querySelector(".game-bar");
    if (!header || !mark || !tools || !bar || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const box = header.getBoundingClientRect();
      const left = `${Math.ceil(mark.getBoundingClientRect().right - box.left)}px`;
      const right = `${Math.ceil(box.right - tools.getBoundingClientRect().left)}px`;
      if (bar.style.getPropertyValue("--header-left") !== left) {
        bar.style.setProperty("--header-left", left);
      }
      if (bar.style.getPropertyValue("--header-right") !== right) {
        bar.style.setProperty("--header-right", right);
      }
    };
    const observer = new ResizeObserver(measure);
    for (const node of [header, mark, tools]) observer.observe(node);
  }

  function ready() {
    wire();
    wireMenus();
    trackHeader();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
