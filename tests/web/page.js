// page.js: what the test pages share: the board's canvas and the status line under it, a pointer's
// place on the canvas, and a click taken the way a page with a debounce takes it. A page is its
// <title>, its colours (the body's style), this script and its game's script (tests/web/<game>.js).
"use strict";

function say(text) { document.getElementById("message").textContent = text; }

// The board's canvas, added to the page with the status line under it saying `message`.
function boardCanvas(message) {
  const canvas = document.createElement("canvas");
  canvas.id = "board";
  const line = document.createElement("div");
  line.id = "message";
  line.textContent = message;
  document.body.append(canvas, line);
  return canvas;
}

// Sizes the canvas to cssW x cssH CSS pixels, backed at devicePixelRatio (so zoom keeps it sharp);
// its 2D context then draws in CSS pixels.
function sizeCanvas(canvas, cssW, cssH) {
  canvas.style.width = cssW + "px";
  canvas.style.height = cssH + "px";
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  canvas.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
}

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
