// fifteen.js: the 15-puzzle page's game: its board, drawing and rules (fifteen.html says what they are).
"use strict";
// 40 random slides from the goal (0 is the gap).
const tiles = [1, 4, 14, 7, 6, 2, 15, 11, 5, 9, 0, 3, 13, 10, 12, 8];
const N = 4;
let moves = 0, solved = false;

const kPitch = 80, margin = 24, bevel = 4;
const canvas = boardCanvas("Click a tile next to the gap. Put 1 to 15 in order.");
const ctx = canvas.getContext("2d");
const cssW = N * kPitch + 2 * margin, cssH = N * kPitch + 2 * margin;
sizeCanvas(canvas, cssW, cssH);

const kPage = "rgb(204,204,204)", kLight = "rgb(245,245,245)", kDark = "rgb(120,120,120)";

function poly(points, colour) {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(points[0][0], points[0][1]);
  for (const p of points.slice(1)) ctx.lineTo(p[0], p[1]);
  ctx.fill();
}

function draw() {
  ctx.fillStyle = kPage;
  ctx.fillRect(0, 0, cssW, cssH);
  for (let i = 0; i < N * N; ++i) {
    if (tiles[i] === 0) continue;
    const x = margin + (i % N) * kPitch, y = margin + Math.floor(i / N) * kPitch, s = kPitch;
    poly([[x, y], [x + s, y], [x, y + s]], kLight);                  // top and left
    poly([[x + s, y], [x + s, y + s], [x, y + s]], kDark);           // bottom and right
    ctx.fillStyle = kPage;
    ctx.fillRect(x + bevel, y + bevel, s - 2 * bevel, s - 2 * bevel);  // the face
    ctx.fillStyle = "rgb(0,0,0)";
    ctx.font = "bold 30px sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(tiles[i]), x + s / 2, y + s / 2 + 1);
  }
}


function tileAt(px, py) {
  const c = Math.floor((px - margin) / kPitch), r = Math.floor((py - margin) / kPitch);
  if (r < 0 || c < 0 || r >= N || c >= N) return null;
  return r * N + c;
}

function click(i) {
  const gap = tiles.indexOf(0);
  const dr = Math.abs(Math.floor(i / N) - Math.floor(gap / N)), dc = Math.abs((i % N) - (gap % N));
  if (dr + dc !== 1) return;
  tiles[gap] = tiles[i];
  tiles[i] = 0;
  ++moves;
  draw();
  if (tiles.every((t, k) => t === (k + 1) % (N * N))) {
    solved = true;
    say("Solved in " + moves + " moves!");
    document.title = "Fifteen page - solved";
  } else {
    say(moves + " moves.");
  }
}

// A click on a tile: press and release on it, 30 ms debounce (page.js).
onDebouncedClick(canvas, tileAt, (a, b) => a === b, click, () => solved);

draw();
