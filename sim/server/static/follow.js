// An open card, All tables or odds page follows its event: now and then it asks the cheap
// /api/events/ID/state and, once a newer version's answer is ready (the server computes it when
// the round is posted), fetches the page again and swaps in its body: no reload, no simulation of
// its own, and each phone's moment is spread at random so that a room does not ask at once.
// A plain timed request works behind any proxy and survives a phone's sleep, where an event
// stream would be cut.  Without this script the page is as it was served.
(function () {
  "use strict";
  var EVERY = 15000, SOON = 2000;  // EVERY: the page's data-every (seconds), else 15 s
  var timer = null;

  function box() { return document.querySelector("[data-follow]"); }

  // The "updated" time in the phone's own clock (the server writes UTC).
  function localize() {
    var t = document.querySelector("#updated time");
    if (!t) { return; }
    var at = new Date(t.getAttribute("datetime"));
    if (!isNaN(at)) {
      t.textContent = at.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    }
  }

  function later(ms) {
    window.clearTimeout(timer);
    timer = window.setTimeout(poll, ms * (0.75 + 0.5 * Math.random()));
  }

  function note(text) {
    var n = document.querySelector("#updated .follow-note");
    if (n) { n.textContent = text ? " · " + text : ""; n.hidden = !text; }
  }

  function swap(b) {
    fetch(window.location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html"), fresh = doc.querySelector("[data-follow]");
      if (!fresh) { later(EVERY); return; }  // no longer followed (the event is over): keep this one
      b.innerHTML = fresh.innerHTML;
      // the page's other lines that follow the event (its round, the file's version), by id
      Array.prototype.forEach.call(document.querySelectorAll("[data-follows]"), function (el) {
        var now = doc.getElementById(el.id);
        if (now) { el.innerHTML = now.innerHTML; }
      });
      b.setAttribute("data-version", fresh.getAttribute("data-version"));
      b.setAttribute("data-watch", fresh.getAttribute("data-watch"));
      localize();
      document.dispatchEvent(new CustomEvent("drawsafe:swapped"));  // static/whatif.js: fixes again
      later(EVERY);
    }).catch(function () { later(2 * EVERY); });
  }

  function poll() {
    var b = box();
    if (!b) { return; }
    if (document.hidden) { later(EVERY); return; }
    fetch("/api/events/" + encodeURIComponent(b.getAttribute("data-follow")) + "/state", {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) {
        if (!s) { later(2 * EVERY); return; }
        if (String(s.version) === b.getAttribute("data-version")) { later(EVERY); return; }
        var answer = (s.answers || {})[b.getAttribute("data-watch")];
        if (answer === "computing") {
          note("new results in (" + s.progress + "): updating…");
          later(SOON);
        } else {
          swap(b);
        }
      }).catch(function () { later(2 * EVERY); });
  }

  function start() {
    localize();
    var b = box(), every = b ? Number(b.getAttribute("data-every")) : 0;
    if (every > 0) { EVERY = 1000 * every; SOON = Math.min(SOON, EVERY); }
    if (box() && window.fetch && window.DOMParser) { later(EVERY); }
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && box()) { later(SOON); }  // a phone woken up asks soon
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
