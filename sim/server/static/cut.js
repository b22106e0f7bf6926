// The publish form's Top: once a file is chosen (or its text pasted), ask the server for the
// event's own cut (POST /cut) and preselect it, saying why.  Without this script the field says
// "auto", which the server reads as the same cut.
(function () {
  "use strict";
  function ask(form) {
    var top = form.querySelector("[data-cut]"), why = form.querySelector("[data-cut-why]");
    if (!top || !why) { return; }
    var data = new FormData(form);
    data.delete("top");
    why.textContent = "Top: reading the file…";
    fetch("/cut", {method: "POST", body: data}).then(function (r) { return r.json(); }).then(function (c) {
      if (c.error) { why.textContent = "Top: " + c.error; return; }
      if (c.top && !top.hasAttribute("data-touched")) { top.value = String(c.top); }
      why.textContent = "Top: " + c.why + ". Change the number to choose another cut.";
    }).catch(function () {});
  }
  document.addEventListener("input", function (e) {
    if (e.target.hasAttribute && e.target.hasAttribute("data-cut")) { e.target.setAttribute("data-touched", ""); }
  });
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (t.form && (t.type === "file" || t.name === "text") && t.form.querySelector("[data-cut]")) { ask(t.form); }
  });
})();
