// While a form or a heavy link is waiting for the server (a simulation), show the job queue's
// progress from /api/status.  Pages work the same without this script.
(function () {
  "use strict";
  var timer = null;
  function poll() {
    fetch("/api/status", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      var text = document.getElementById("progress-text"), bar = document.getElementById("progress-bar");
      var run = s.running;
      // The room asks once: every player asking this answer waits on the same simulation.
      var room = run && run.waiting_on_it > 1 ? " · " + run.waiting_on_it + " players waiting on this answer" : "";
      if (run && run.target > 0) {
        bar.value = Math.min(1, run.done / run.target);
        text.textContent = Math.round(100 * bar.value) + "%" + room + (s.waiting ? " (" + s.waiting + " waiting)" : "");
      } else if (run) {
        bar.removeAttribute("value");
        text.textContent = run.seconds + " s" + room + (s.waiting ? " (" + s.waiting + " waiting)" : "");
      }
    }).catch(function () {});
  }
  function start() {
    var box = document.getElementById("progress");
    if (!box || timer) { return; }
    box.hidden = false;
    poll();
    timer = window.setInterval(poll, 700);
  }
  document.addEventListener("submit", function (e) {
    if (e.target.hasAttribute("data-progress")) { start(); }
  });
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[data-progress]") : null;
    if (a) { start(); }
  });
  window.addEventListener("pageshow", function () {
    var box = document.getElementById("progress");
    if (box) { box.hidden = true; }
    if (timer) { window.clearInterval(timer); timer = null; }
  });
})();
