// page.js: what the test pages share: the status line, a pointer's place on the board's canvas, and
// a click taken the way a page with a debounce takes it.
"use strict";

function say(text) { document.getElementById("message").textContent = text; }

// The pointer event's place in the canvas's CSS pixels.
function canvasPoint(canvas, e) {
  const box = canvas.getBoundingClientRect();
  return [e.clientX - box.left, e.clientY - box.top];
}

// Calls click(target) when a press and its release land on the same target (at(x, y) -> a target
// or null; same(a, b) compares two), ignoring a press within debounceMs of the last release (as
// pages that debounce do: a bot must pace its clicks), and every press once isDone() is true.
function onDebouncedClick(canvas, at, same, click, isDone, debounceMs = 30) {
  let lastUp = -1e9, down = null;
  canvas.addEventListener("pointerdown", e => {
    down = null;
    if (isDone() || e.timeStamp - lastUp < debounceMs) return;
    down = at(...canvasPoint(canvas, e));
  });
  canvas.addEventListener("pointerup", e => {
    lastUp = e.timeStamp;
    const up = at(...canvasPoint(canvas, e));
    if (down !== null && up !== null && same(down, up)) click(up);
    down = null;
  });
}

// ?top=PIXELS: a plain header that many CSS pixels tall above the board, so the board starts below
// the fold and the page scrolls (the scrolling tests); every press anywhere on the page is then
// counted in the title (" - N presses"), so a test sees a click that missed the board.
(function () {
  const top = Number(new URLSearchParams(location.search).get("top"));
  if (!(top > 0)) return;
  let presses = 0;
  document.addEventListener("DOMContentLoaded", () => {
    const header = document.createElement("div");
    header.style.height = top + "px";
    document.body.prepend(header);
  });
  document.addEventListener("pointerdown", () => {
    ++presses;
    if (!/ - solved$/.test(document.title)) document.title = document.title.replace(/( - \d+ presses)?$/, " - " + presses + " presses");
  }, true);
})();
