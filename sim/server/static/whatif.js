// The card's "What you need from the other tables": tap a result to fix it, and the card above
// shows its figures and verdict if it happens, looked up in the page's data (the server rendered
// every combination of results the simulations saw: drawsafe.server.verdicts.what_if_card), so a
// tap costs no request and no simulation.  Fixed results are kept for the tab (sessionStorage)
// and applied again when static/follow.js swaps in a newer answer; a table whose result is now
// official is no longer offered (the server lists it under "Official results in").  Without this
// script the list reads as it is.
(function () {
  "use strict";

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] !== undefined ? values[k] : m; });
  }

  function stored(key) {
    try { return JSON.parse(window.sessionStorage.getItem(key)) || {}; } catch (e) { return {}; }
  }

  function keep(key, fixed) {
    try { window.sessionStorage.setItem(key, JSON.stringify(fixed)); } catch (e) { /* private mode: not kept */ }
  }

  function Card(box) {
    this.box = box;
    this.data = JSON.parse(document.getElementById("whatif-data").textContent);
    this.key = "drawsafe-if|" + box.getAttribute("data-key");
    this.verdict = document.getElementById("verdict");
    var fixed = stored(this.key), shown = this.data.tables, kept = {};
    // a fixed table no longer shown (its result is official, or it no longer matters) is dropped
    Object.keys(fixed).forEach(function (t) { if (shown.indexOf(Number(t)) >= 0) { kept[t] = fixed[t]; } });
    this.fixed = kept;
  }

  // The card if the results of ``fixed`` happen: [class, headline, sentence, the player's 8 figures
  // (draw, play, win, loss: each its percentage and interval), the opponent's 8, worlds]; none if
  // no simulation saw them together.
  Card.prototype.state = function (fixed) {
    var d = this.data;
    var s = d.states[d.tables.map(function (t) { return fixed[t] !== undefined ? String(fixed[t]) : d.open; }).join("")];
    return s && s.map(function (i) { return d.strings[i]; });
  };

  Card.prototype.items = function () {
    return Array.prototype.slice.call(this.box.querySelectorAll(".if-table li[data-code]"));
  };

  Card.prototype.apply = function () {
    var self = this, d = this.data, fixed = this.fixed, st = this.state(fixed);
    if (!st) { this.fixed = fixed = {}; st = this.state(fixed); }  // cannot happen: taps only reach states seen
    d.classes.forEach(function (c) { self.verdict.classList.remove("verdict-" + c); });
    self.verdict.classList.add("verdict-" + st[0]);
    self.verdict.querySelector('[data-said="title"]').textContent = st[1];
    self.verdict.querySelector('[data-said="text"]').textContent = st[2];
    // the player's then the opponent's boxes (draw, play, win, lose), each its figure and interval
    Array.prototype.forEach.call(self.verdict.querySelectorAll(".player"), function (player, k) {
      Array.prototype.forEach.call(player.querySelectorAll("dl.odds > div"), function (box, i) {
        Array.prototype.forEach.call(box.querySelectorAll("dd"), function (dd, j) {
          dd.textContent = st[3 + 8 * k + 2 * i + j];
        });
      });
    });
    var said = [], any = false;
    this.items().forEach(function (li) {
      var t = Number(li.closest(".if-table").getAttribute("data-table")), code = Number(li.getAttribute("data-code"));
      var on = fixed[t] === code, next = {};
      Object.keys(fixed).forEach(function (k) { next[k] = fixed[k]; });
      next[t] = code;
      var seen = on || !!self.state(next);
      li.classList.toggle("fixed", on);
      li.classList.toggle("unseen", !seen);
      li.setAttribute("aria-pressed", on ? "true" : "false");
      li.setAttribute("aria-disabled", seen ? "false" : "true");
      li.title = seen ? "" : d.words.unseen;
      if (on) { said.push(fill(d.words.result, {table: t, words: li.getAttribute("data-words")})); any = true; }
    });
    var note = document.getElementById("if-note"), box = document.getElementById("if-fixed");
    note.hidden = box.hidden = !any;
    note.textContent = any ? fill(d.words.note, {results: said.join("; "), worlds: st[19]}) : "";
    box.textContent = any ? fill(d.words.fixed, {results: said.join("; ")}) : "";
    this.verdict.classList.toggle("hypothetical", any);
    document.getElementById("if-reset").hidden = !any;
    keep(this.key, fixed);
  };

  Card.prototype.tap = function (li) {
    var t = Number(li.closest(".if-table").getAttribute("data-table")), code = Number(li.getAttribute("data-code"));
    if (li.getAttribute("aria-disabled") === "true") { return; }
    if (this.fixed[t] === code) { delete this.fixed[t]; } else { this.fixed[t] = code; }
    this.apply();
  };

  function start() {
    var box = document.querySelector("[data-whatif]");
    if (!box || !document.getElementById("whatif-data") || !document.getElementById("verdict")) { return; }
    var card = new Card(box);
    box.querySelector(".if-help").hidden = false;
    card.items().forEach(function (li) {
      li.setAttribute("role", "button");
      li.tabIndex = 0;
      li.addEventListener("click", function () { card.tap(li); });
      li.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); card.tap(li); }
      });
    });
    document.getElementById("if-reset").addEventListener("click", function () { card.fixed = {}; card.apply(); });
    card.apply();
  }

  // follow.js swapped in a newer answer: the new card, the player's fixes applied again
  document.addEventListener("drawsafe:swapped", start);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
