// A wide table scrolls in its own box: the cue above it ("Swipe the table sideways") shows only
// while the table is wider than its box.  Without this script the cue stays hidden; the box's
// shaded edge still shows that there is more to the right.
(function () {
  "use strict";
  function update() {
    var cues = document.querySelectorAll(".scroll-cue");
    for (var i = 0; i < cues.length; i++) {
      var box = cues[i].nextElementSibling;
      if (box && box.classList.contains("scroll")) { cues[i].hidden = box.scrollWidth <= box.clientWidth + 1; }
    }
  }
  document.addEventListener("DOMContentLoaded", update);
  window.addEventListener("resize", update);
})();
