/*
 * The sandbox console: plain DOM and Server-Sent Events, no library. It reads and steers the
 * sandbox only through the control API (/_sandbox/...), and writes what it shows as text, never
 * as markup (recorded bodies are what clients sent).
 */
"use strict";

(function () {
  const API = "/_sandbox";
  /** Exchanges the page keeps (the newest). */
  const MAX_KEPT = 500;
  const byId = new Map();
  let newestId = 0;
  let selectedId;
  let stateNext;
  const accountsMade = [];

  const $ = (id) => document.getElementById(id);

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) if (child !== undefined && child !== null) node.append(child);
    return node;
  }

  function notice(text, isError) {
    const box = $("notice");
    box.textContent = text;
    box.classList.toggle("error", Boolean(isError));
  }

  async function call(method, path, body) {
    const response = await fetch(API + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new Error((parsed && parsed.error) || "HTTP " + response.status);
    return parsed;
  }

  async function act(what, run) {
    try {
      const done = await run();
      notice(done || what + ": done.");
    } catch (error) {
      notice(what + " refused: " + error.message, true);
    }
  }

  // ---- clock ----
  function showClock(clock) {
    $("clock-now").textContent = clock.now.replace("T", " ").replace(/\.\d+Z$/, " UTC");
    const s = clock.offset_seconds;
    $("clock-offset").textContent = s >= 86400 ? (s / 86400).toFixed(s % 86400 ? 2 : 0) + " days" : s >= 3600 ? (s / 3600).toFixed(1) + " hours" : s + " seconds";
  }
  const refreshClock = () => call("GET", "/clock").then(showClock);

  // ---- tabs ----
  const tabs = ["exchanges", "state", "controls"];
  function showTab(name, focus) {
    for (const tab of tabs) {
      const button = $("tab-" + tab);
      const selected = tab === name;
      button.setAttribute("aria-selected", String(selected));
      button.tabIndex = selected ? 0 : -1;
      $("view-" + tab).hidden = !selected;
      if (selected && focus) button.focus();
    }
    if (name === "state") void refreshState();
    if (name === "controls") {
      void refreshFaults();
      void refreshFixtures().catch((error) => notice("The fixtures could not be read: " + error.message, true));
    }
  }
  tabs.forEach((tab, i) => {
    const button = $("tab-" + tab);
    button.addEventListener("click", () => showTab(tab));
    button.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (step) showTab(tabs[(i + step + tabs.length) % tabs.length], true);
    });
  });

  // ---- exchanges ----
  /**
   * The credential an exchange names, as a user filters by it: the API key or client id of Basic
   * credentials (decoded from the characters the record keeps, never past the colon: the secret),
   * a bearer token's first characters, or the signing key id.
   */
  function credentialOf(exchange) {
    const headers = exchange.request.headers;
    const auth = headers.authorization;
    if (auth) {
      const space = auth.indexOf(" ");
      const kept = auth.slice(space + 1).replace(/…$/, "");
      if (space !== -1 && auth.slice(0, space).toLowerCase() === "basic") {
        try {
          const user = atob(kept.slice(0, kept.length - (kept.length % 4))).split(":")[0];
          if (/^[\x20-\x7e]+$/.test(user)) return user;
        } catch {
          // not base64: shown as sent
        }
      }
      return kept;
    }
    return headers.signature ? headers.signature.split(" ")[0].replace(/…$/, "") : "";
  }

  /** The gateway's status code and why the request was refused, as its list row shows them. */
  function codeOf(exchange) {
    const code = exchange.gateway_status_code !== undefined ? String(exchange.gateway_status_code) : "";
    return [code, exchange.reason || ""].filter(Boolean).join(" ");
  }

  function matches(exchange) {
    const api = $("filter-api").value;
    const operation = $("filter-operation").value.trim().toLowerCase();
    const status = $("filter-status").value;
    const account = $("filter-account").value.trim().toLowerCase();
    const text = $("filter-text").value.trim().toLowerCase();
    if (api && exchange.api !== api) return false;
    if (operation && !(exchange.operation || "").toLowerCase().includes(operation)) return false;
    if (status !== "" && (status === "0" ? exchange.status !== 0 : Math.floor(exchange.status / 100) !== Number(status))) return false;
    if (account) {
      // The record keeps a credential's first characters: a longer prefix typed matches them too.
      const credential = credentialOf(exchange).toLowerCase();
      if (!credential || !(credential.includes(account) || account.startsWith(credential))) return false;
    }
    if (text) {
      const haystack = [exchange.path, exchange.operation, exchange.request.body, exchange.response.body, JSON.stringify(exchange.request.headers)].join(" ").toLowerCase();
      if (!haystack.includes(text)) return false;
    }
    return true;
  }

  function statusClass(status) {
    return status === 0 ? "s0" : "s" + Math.floor(status / 100);
  }

  function row(exchange) {
    const open = el("button", { type: "button", class: "link", "aria-label": "Open exchange " + exchange.id + ": " + exchange.method + " " + exchange.path + ", " + (exchange.status || "no answer") }, String(exchange.id));
    open.addEventListener("click", () => void openExchange(exchange.id));
    const tr = el(
      "tr",
      { "data-id": exchange.id, class: exchange.id === selectedId ? "selected" : undefined },
      el("td", {}, open),
      el("td", { text: exchange.at.slice(11, 23) }),
      el("td", { text: exchange.api }),
      el("td", { text: exchange.method }),
      el("td", { class: "path", text: exchange.path }),
      el("td", { text: exchange.operation || "" }),
      el("td", { class: statusClass(exchange.status), text: exchange.status ? String(exchange.status) : "none" }),
      el("td", { class: "reason", text: codeOf(exchange) }),
      el("td", { class: "num", text: exchange.duration_ms.toFixed(1) }),
      el("td", { class: "mono", text: credentialOf(exchange) }),
    );
    tr.addEventListener("click", (event) => {
      if (event.target.tagName !== "BUTTON") void openExchange(exchange.id);
    });
    return tr;
  }

  function renderExchanges() {
    const body = $("exchanges").tBodies[0];
    const rows = [...byId.values()].filter(matches).sort((a, b) => b.id - a.id).map(row);
    body.replaceChildren(...rows);
    $("exchanges-empty").hidden = rows.length > 0;
  }

  let renderQueued = false;
  function keep(exchange) {
    if (byId.has(exchange.id)) return;
    byId.set(exchange.id, exchange);
    newestId = Math.max(newestId, exchange.id);
    // Bound what the page holds: the oldest go (Map keeps insertion order; ids arrive in order).
    while (byId.size > MAX_KEPT) byId.delete(byId.keys().next().value);
    if (!renderQueued) {
      renderQueued = true;
      requestAnimationFrame(() => {
        renderQueued = false;
        renderExchanges();
      });
    }
  }

  function pretty(text, headers) {
    if (text === undefined) return "(no body)";
    const type = (headers["content-type"] || "").toLowerCase();
    if (type.includes("json")) {
      try {
        return JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        return text;
      }
    }
    if (type.includes("x-www-form-urlencoded")) return text.split("&").join("\n");
    return text;
  }

  function message(title, msg) {
    const headerLines = Object.entries(msg.headers).map(([name, value]) => name + ": " + value).join("\n");
    return el("div", { class: "message" }, el("h4", { text: title }), el("pre", { class: "headers", tabindex: "0", "aria-label": title + " headers" }, headerLines || "(no headers)"), el("pre", { tabindex: "0", "aria-label": title + " body" }, pretty(msg.body, msg.headers)));
  }

  function docsLink(docs) {
    const base = new URLSearchParams(location.search).get("docs");
    if (base) return el("a", { href: base.replace(/\/?$/, "/") + docs }, "the operation in the API reference");
    // Without the reference's address, name the operation: the page links nothing it cannot reach.
    const operation = docs.split("/operation/").pop();
    return el("span", {}, "operation ", el("code", { text: operation }), " of the " + docs.split(".html")[0] + " API reference (open this page with ?docs=<the reference's address> for a link)");
  }

  function signatureBlock(signature) {
    const items = [el("dt", { text: "Verdict" }), el("dd", { class: signature.verdict === "valid" ? "ok" : "bad", text: signature.verdict })];
    if (signature.detail) items.push(el("dt", { text: "Detail" }), el("dd", { text: signature.detail }));
    if (signature.received_bytes !== undefined) items.push(el("dt", { text: "Bytes received" }), el("dd", { text: String(signature.received_bytes) }));
    if (signature.sha256) items.push(el("dt", { text: "SHA-256 of those bytes" }), el("dd", { class: "mono wrap", text: signature.sha256 }));
    const section = el("section", { class: "signature", "aria-label": "Signature verdict" }, el("h4", { text: "Signature" }), el("dl", {}, ...items));
    if (signature.likely_causes && signature.likely_causes.length) {
      section.append(el("p", { text: "Likely causes, and what to change:" }), el("ul", {}, ...signature.likely_causes.map((cause) => el("li", { text: cause }))));
    }
    return section;
  }

  async function openExchange(id) {
    selectedId = id;
    for (const tr of $("exchanges").tBodies[0].rows) tr.classList.toggle("selected", Number(tr.dataset.id) === id);
    let detail;
    try {
      detail = await call("GET", "/exchanges/" + id);
    } catch (error) {
      notice("Exchange " + id + ": " + error.message, true);
      return;
    }
    const exchange = detail.exchange;
    const parts = [el("p", { class: "summary" }, el("strong", { text: exchange.method + " " + exchange.path }), " → ", el("span", { class: statusClass(exchange.status), text: exchange.status ? String(exchange.status) : "no answer" }), " · " + exchange.api + (exchange.operation ? " · " + exchange.operation : "") + " · " + exchange.at + (exchange.fault ? " · fault " + exchange.fault : ""))];
    if (detail.refusal) {
      const refusal = el("section", { class: "refusal", "aria-label": "Why it was refused" }, el("h4", { text: "Why it was refused" }), el("ul", {}, ...detail.refusal.messages.map((text) => el("li", { text }))));
      if (detail.refusal.problem_type) refusal.append(el("p", {}, "Problem type: ", el("code", { text: detail.refusal.problem_type })));
      if (detail.refusal.docs) refusal.append(el("p", {}, "The rule: ", docsLink(detail.refusal.docs)));
      parts.push(refusal);
    }
    if (exchange.signature) parts.push(signatureBlock(exchange.signature));
    parts.push(message("Request", exchange.request), message("Answer", exchange.response));
    const copy = el("button", { type: "button" }, "Copy as curl");
    const curl = el("pre", { class: "curl", tabindex: "0", "aria-label": "The request as curl" }, detail.curl);
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(detail.curl);
        notice("Copied: the secrets are shell variables to set first.");
      } catch {
        window.getSelection()?.selectAllChildren(curl);
        notice("Selected: copy it with the keyboard (the browser refused the clipboard).");
      }
    });
    parts.push(el("section", { class: "curl-block", "aria-label": "Copy as curl" }, el("h4", { text: "As curl" }), copy, curl));
    $("detail-body").replaceChildren(...parts);
    $("detail-title").textContent = "Exchange " + id;
    $("detail").hidden = false;
    $("detail-title").focus();
  }

  async function loadExchanges() {
    let since = 0;
    // Oldest first, a page at a time; the page keeps the newest MAX_KEPT.
    for (let pages = 0; pages < 200; pages++) {
      const page = await call("GET", "/exchanges?limit=1000" + (since ? "&since=" + since : ""));
      page.items.forEach(keep);
      if (page.items.length < 1000) break;
      since = page.items[page.items.length - 1].id;
    }
    renderExchanges();
  }

  function follow() {
    const live = $("live");
    const buffered = [];
    let loaded = false;
    const source = new EventSource(API + "/exchange-stream");
    source.addEventListener("open", () => (live.textContent = "live"));
    source.addEventListener("error", () => (live.textContent = "reconnecting…"));
    source.addEventListener("exchange", (event) => {
      const exchange = JSON.parse(event.data);
      if (!loaded) {
        if (buffered.length < MAX_KEPT) buffered.push(exchange);
      } else keep(exchange);
      scheduleStateRefresh();
    });
    loadExchanges()
      .then(() => {
        loaded = true;
        buffered.splice(0).forEach(keep);
      })
      .catch((error) => notice("The exchanges could not be read: " + error.message, true));
  }

  for (const id of ["filter-api", "filter-operation", "filter-status", "filter-account", "filter-text"]) $(id).addEventListener("input", renderExchanges);
  $("filters").addEventListener("submit", (event) => event.preventDefault());

  // ---- state ----
  /** An amount in minor units as currency: 2050 EUR with exponent 2 is 20.50 EUR (the gateway's currency table gives the exponent). */
  function money(amount, currency, exponent) {
    const digits = { minimumFractionDigits: exponent, maximumFractionDigits: exponent };
    return new Intl.NumberFormat(undefined, digits).format(amount / 10 ** exponent) + " " + currency;
  }

  function followUpCell(state, t, label) {
    if (!state) return el("td", { text: "–" });
    const lines = [];
    if (state.remaining !== undefined) lines.push(el("div", {}, label + " left: ", el("strong", { text: money(state.remaining, t.currency, t.currency_exponent) })));
    lines.push(el("div", { class: state.allowed ? "ok" : "bad", text: state.allowed ? "allowed now" : "refused: " + (state.reason || "") }));
    if (state.window_closes_at) lines.push(el("div", { class: "small", text: "window closes " + state.window_closes_at.replace("T", " ").replace(/\.\d+Z$/, " UTC") }));
    return el("td", { "data-follow-up": label.toLowerCase() }, ...lines);
  }

  function transactionRow(t) {
    return el(
      "tr",
      { "data-id": t.id },
      el("td", { class: "mono", title: t.id, text: t.id.slice(0, 8) + "…" }),
      el("td", { text: t.account }),
      el("td", { text: t.kind }),
      el("td", { "data-column": "status" }, String(t.status_code) + " ", el("span", { class: "small", text: t.status_meaning })),
      el(
        "td",
        { class: "num", "data-column": "amount" },
        money(t.amount, t.currency, t.currency_exponent),
        // A status-forcing test card takes its status from the amount: say so, or 401.10 EUR next to 40110 puzzles.
        t.amount === t.status_code ? el("div", { class: "small", text: "the amount chose the status (a status-forcing test card)" }) : undefined,
      ),
      followUpCell(t.capture, t, "Capture"),
      followUpCell(t.refund, t, "Refund"),
      followUpCell(t.void, t, "Void"),
    );
  }

  async function refreshState(more) {
    const account = $("state-account").value.trim();
    const query = new URLSearchParams({ limit: "100" });
    if (account) query.set("account", account);
    if (more && stateNext) query.set("after", stateNext);
    try {
      const page = await call("GET", "/state/transactions?" + query);
      const body = $("transactions").tBodies[0];
      const rows = page.items.map(transactionRow);
      if (more) body.append(...rows);
      else body.replaceChildren(...rows);
      stateNext = page.next;
      $("transactions-more").hidden = !page.next;
      $("transactions-empty").hidden = body.rows.length > 0;
      $("state-clock").textContent = page.clock.now.replace("T", " ").replace(/\.\d+Z$/, " UTC");
      showClock(page.clock);
      await Promise.all([refreshApplications(), refreshWindows()]);
    } catch (error) {
      notice("The state could not be read: " + error.message, true);
    }
  }
  const utc = (iso) => iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  const fileText = (file) => (file.name || file.label) + " (" + file.label + ", " + (file.uploaded ? "uploaded" : "not uploaded") + ")";
  let applicationsNext;
  let windowsNext;

  function applicationRow(app) {
    const people = app.people.length
      ? el("ul", { class: "compact" }, ...app.people.map((person) => el("li", { text: (person.name || person.id) + (person.files.length ? ": " + person.files.map(fileText).join(", ") : ": no file") })))
      : el("span", { text: "none" });
    const comments = app.comments.length
      ? el("ul", { class: "compact" }, ...app.comments.map((comment) => el("li", { text: utc(comment.created_at) + " " + (comment.tags && comment.tags.length ? "[" + comment.tags.join(", ") + "] " : "") + comment.body })))
      : el("span", { text: "none" });
    return el(
      "tr",
      { "data-id": app.id },
      el("td", { class: "mono", title: app.id }, app.id.slice(0, 8) + "…", app.trading_name ? el("div", { class: "small", text: app.trading_name }) : undefined),
      el("td", { text: app.merchant }),
      el("td", { text: app.state }),
      el("td", { text: app.stamps.join(", ") || "none" }),
      el("td", {}, people),
      el("td", { text: app.files.map(fileText).join(", ") || "none" }),
      el("td", {}, comments, app.comment_count > app.comments.length ? el("div", { class: "small", text: app.comment_count + " in all" }) : undefined),
    );
  }

  async function refreshApplications(more) {
    const merchant = $("applications-merchant").value.trim();
    const query = new URLSearchParams({ limit: "50" });
    if (merchant) query.set("merchant", merchant);
    if (more && applicationsNext) query.set("after", applicationsNext);
    const page = await call("GET", "/state/applications?" + query);
    const body = $("applications").tBodies[0];
    const rows = page.items.map(applicationRow);
    if (more) body.append(...rows);
    else body.replaceChildren(...rows);
    applicationsNext = page.next;
    $("applications-more").hidden = !page.next;
    $("applications-empty").hidden = body.rows.length > 0;
  }

  async function refreshWindows(more) {
    const query = new URLSearchParams({ limit: "100" });
    if (more && windowsNext !== undefined) query.set("offset", String(windowsNext));
    const page = await call("GET", "/state/rate-limits?" + query);
    const body = $("windows").tBodies[0];
    const rows = page.items.map((w) =>
      el("tr", {}, el("td", { text: w.operation }), el("td", { text: w.client || w.address }), el("td", { class: "num", text: String(w.used) }), el("td", { class: "num", text: String(w.limit) }), el("td", { text: utc(w.ends_at) })),
    );
    if (more) body.append(...rows);
    else body.replaceChildren(...rows);
    windowsNext = page.next_offset;
    $("windows-more").hidden = page.next_offset === undefined;
    $("windows-empty").hidden = body.rows.length > 0;
    $("windows-hint").textContent = "The merchant API's open windows, per operation and client; each lasts " + page.window_seconds + " seconds.";
  }

  $("applications-filters").addEventListener("submit", (event) => {
    event.preventDefault();
    void refreshApplications().catch((error) => notice("The applications could not be read: " + error.message, true));
  });
  $("applications-more").addEventListener("click", () => void refreshApplications(true).catch((error) => notice("The applications could not be read: " + error.message, true)));
  $("windows-more").addEventListener("click", () => void refreshWindows(true).catch((error) => notice("The windows could not be read: " + error.message, true)));

  let stateTimer;
  function scheduleStateRefresh() {
    if ($("view-state").hidden || stateTimer) return;
    stateTimer = setTimeout(() => {
      stateTimer = undefined;
      void refreshState();
    }, 250);
  }
  $("state-filters").addEventListener("submit", (event) => {
    event.preventDefault();
    void refreshState();
  });
  $("transactions-more").addEventListener("click", () => void refreshState(true));

  // ---- controls ----
  function describeFault(fault) {
    const action = fault.action;
    const what = action.status !== undefined ? "answers " + action.status : action.latency_ms !== undefined ? "waits " + action.latency_ms + " ms" : "closes the connection " + action.close;
    return fault.id + ": " + fault.operation + " " + what + (fault.remaining !== undefined ? ", " + fault.remaining + " more time(s)" : ", until cleared") + " (applied " + fault.applied + ")";
  }

  async function refreshFaults() {
    try {
      const list = await call("GET", "/faults");
      $("faults").replaceChildren(
        ...(list.items.length ? list.items : [undefined]).map((fault) => {
          if (!fault) return el("li", { text: "None." });
          const remove = el("button", { type: "button", "aria-label": "Remove fault " + fault.id }, "Remove");
          remove.addEventListener("click", () => act("Removing " + fault.id, () => call("DELETE", "/faults/" + fault.id).then(refreshFaults)));
          return el("li", {}, el("span", { text: describeFault(fault) + " " }), remove);
        }),
      );
    } catch (error) {
      notice("The faults could not be read: " + error.message, true);
    }
  }

  async function refreshFixtures() {
    const list = await call("GET", "/fixtures");
    $("fixtures").replaceChildren(
      ...(list.items.length ? list.items : [undefined]).map((load) =>
        load ? el("li", { text: utc(load.loaded_at) + " from " + load.source + ": " + load.entities.map((e) => e.name + " (" + e.kind + ")").join(", ") }) : el("li", { text: "None." }),
      ),
    );
  }

  $("fixture-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void act("Loading the fixture", async () => {
      let fixture;
      try {
        fixture = JSON.parse($("fixture-text").value);
      } catch (error) {
        throw new Error("the fixture is not JSON: " + error.message, { cause: error });
      }
      const built = await call("POST", "/fixtures", fixture);
      await refreshFixtures();
      return "Built: " + Object.keys(built.ids).join(", ") + ".";
    });
  });

  $("clock-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const seconds = Number($("advance-amount").value) * Number($("advance-unit").value);
    void act("Advancing the clock", async () => {
      const clock = await call("POST", "/clock", { advance_seconds: seconds });
      showClock(clock);
      return "The clock moved " + seconds + " seconds ahead.";
    });
  });
  $("reset").addEventListener("click", () =>
    act("Resetting", async () => {
      showClock(await call("POST", "/reset"));
      accountsMade.length = 0;
      $("accounts").replaceChildren();
      await Promise.all([refreshFaults(), refreshFixtures()]);
      return "The sandbox is reset.";
    }),
  );
  $("fault-action").addEventListener("change", () => {
    const kind = $("fault-action").value;
    $("fault-value").disabled = kind.startsWith("close");
    if (kind === "status") $("fault-value").value = "503";
    if (kind === "latency_ms") $("fault-value").value = "1000";
  });
  $("fault-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const kind = $("fault-action").value;
    const value = Number($("fault-value").value);
    const action = kind === "status" ? { status: value } : kind === "latency_ms" ? { latency_ms: value } : { close: kind === "close-before" ? "before-processing" : "after-processing" };
    const rule = { operation: $("fault-operation").value.trim(), action };
    if ($("fault-count").value) rule.count = Number($("fault-count").value);
    void act("Adding the fault", async () => {
      const fault = await call("POST", "/faults", rule);
      await refreshFaults();
      return "Fault " + fault.id + " is in force.";
    });
  });
  $("faults-clear").addEventListener("click", () => act("Clearing the faults", () => call("DELETE", "/faults").then(refreshFaults)));
  $("account-create").addEventListener("click", () =>
    act("Creating an account", async () => {
      const account = await call("POST", "/accounts");
      // Only names: the secrets of the answer are not kept by the page.
      accountsMade.push({ gateway: account.gateway.account_id, client: account.merchant.client_id });
      $("accounts").replaceChildren(...accountsMade.map((a) => el("li", { text: "gateway account " + a.gateway + ", merchant client " + a.client })));
      return "Account " + account.gateway.account_id + " created.";
    }),
  );

  void refreshClock().catch((error) => notice("The clock could not be read: " + error.message, true));
  follow();
})();
