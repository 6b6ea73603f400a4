// onestroke.js: the one-stroke page's game: its board, drawing and rules (onestroke.html says what they are).
"use strict";
// Boards: S start, G goal (the path must end there), . cell, # wall (a hole in the board).
const kLevels = [
  ["S...#",
   "..#..",
   ".....",
   ".....",
   "..G.."],
  ["S....",
   "..#..",
   "..G..",
   "....."],
  ["....",
   ".S..",
   "....",
   "..G."],
];
const params = new URLSearchParams(location.search);
let level = Math.min(Math.max(parseInt(params.get("level") || "1", 10) || 1, 1), kLevels.length);
let rows = [], R = 0, C = 0, start = null, goal = null, cells = 0;
let path = [], dragging = false, solved = false, solvedCount = 0;

function loadLevel(n) {
  level = n;
  rows = kLevels[n - 1];
  R = rows.length;
  C = rows[0].length;
  cells = 0;
  for (let r = 0; r < R; ++r)
    for (let c = 0; c < C; ++c) {
      const ch = rows[r][c];
      if (ch === "#") continue;
      ++cells;
      if (ch === "S") start = [r, c];
      if (ch === "G") goal = [r, c];
    }
  path = [start];
  dragging = false;
  solved = false;
  resize();
  say("Level " + n + ": start on S, visit every cell once, end on G.");
  draw();
}

// Layout in CSS pixels (the canvas is backed at devicePixelRatio, so zoom keeps it sharp).
const kPitch = 80;
const cellSide = kPitch;
const margin = kPitch * 0.5;
const canvas = boardCanvas("Start on S, visit every cell once, end on G.");
const ctx = canvas.getContext("2d");
let cssW = 0, cssH = 0;
function resize() {
  cssW = C * kPitch + 2 * margin;
  cssH = R * kPitch + 2 * margin;
  sizeCanvas(canvas, cssW, cssH);
}

const centre = (r, c) => [margin + (c + 0.5) * kPitch, margin + (r + 0.5) * kPitch];
const isWall = (r, c) => r < 0 || c < 0 || r >= R || c >= C || rows[r][c] === "#";
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

function visited(r, c) { return path.some(p => p[0] === r && p[1] === c); }

const kPage = "rgb(236,239,243)", kCell = "rgb(212,220,232)", kHair = "rgb(150,160,176)";
const kWall = "rgb(44,50,62)", kStart = "rgb(178,230,178)", kGoal = "rgb(246,184,184)";
const kBand = "rgb(96,165,235)", kHead = "rgb(36,96,182)";

function letter(r, c, text, colour) {
  const [x, y] = centre(r, c);
  ctx.fillStyle = colour;
  ctx.font = "bold " + Math.round(kPitch * 0.5) + "px sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + kPitch * 0.02);
}

function draw() {
  ctx.fillStyle = kPage;
  ctx.fillRect(0, 0, cssW, cssH);
  const head = path[path.length - 1];
  for (let r = 0; r < R; ++r)
    for (let c = 0; c < C; ++c) {
      const [x, y] = centre(r, c);
      const wall = rows[r][c] === "#";
      ctx.fillStyle = wall ? kWall : same([r, c], head) && path.length > 1 ? kHead : visited(r, c) && path.length > 1 ? kBand
                    : same([r, c], start) ? kStart : same([r, c], goal) ? kGoal : kCell;
      ctx.fillRect(x - kPitch / 2, y - kPitch / 2, kPitch, kPitch);
    }
  // Hairlines between the cells (and round the board): one CSS pixel.
  ctx.strokeStyle = kHair;
  ctx.lineWidth = 1;
  for (let r = 0; r <= R; ++r) {
    ctx.beginPath();
    ctx.moveTo(margin, margin + r * kPitch);
    ctx.lineTo(margin + C * kPitch, margin + r * kPitch);
    ctx.stroke();
  }
  for (let c = 0; c <= C; ++c) {
    ctx.beginPath();
    ctx.moveTo(margin + c * kPitch, margin);
    ctx.lineTo(margin + c * kPitch, margin + R * kPitch);
    ctx.stroke();
  }
  if (path.length === 1) letter(start[0], start[1], "S", "rgb(28,110,40)");
  if (!visited(goal[0], goal[1])) letter(goal[0], goal[1], "G", "rgb(170,30,30)");
}

// The cell under a CSS point: inside the cell itself, not in a gap or a wall.
function cellAt(px, py) {
  const c = Math.floor((px - margin) / kPitch), r = Math.floor((py - margin) / kPitch);
  if (isWall(r, c)) return null;
  const [x, y] = centre(r, c);
  if (Math.abs(px - x) > cellSide / 2 || Math.abs(py - y) > cellSide / 2) return null;
  return [r, c];
}

function breakStroke(why) {
  path = [start];
  dragging = false;
  say("Stroke broken: " + why + ". Start again from S.");
  draw();
}

function enter(cell) {
  const head = path[path.length - 1];
  if (same(cell, head)) return;
  if (Math.abs(cell[0] - head[0]) + Math.abs(cell[1] - head[1]) !== 1)
    return breakStroke("the pointer jumped to a cell that is not next to the head");
  if (visited(cell[0], cell[1])) return breakStroke("that cell is already visited");
  if (same(cell, goal) && path.length + 1 !== cells) return breakStroke("G must be the last cell");
  path.push(cell);
  draw();
  if (path.length === cells) {
    solved = true;
    dragging = false;
    ++solvedCount;
    // The board goes while the message shows, as such games do (a cleared screen, then the next level).
    ctx.fillStyle = kPage;
    ctx.fillRect(0, 0, cssW, cssH);
    say("Level " + level + " solved! Every cell visited, the stroke ends on G.");
    document.title = "One stroke - " + solvedCount + " solved";
    setTimeout(nextLevel, 1000);
  }
}

function nextLevel() {
  if (level < kLevels.length) return loadLevel(level + 1);
  ctx.fillStyle = kPage;
  ctx.fillRect(0, 0, cssW, cssH);
  say("All levels solved: " + solvedCount + ".");
}

canvas.addEventListener("pointerdown", e => {
  if (solved) return;
  const cell = cellAt(...canvasPoint(canvas, e));
  if (!cell || !same(cell, path[path.length - 1])) return;
  dragging = true;
  canvas.setPointerCapture(e.pointerId);
});
canvas.addEventListener("pointermove", e => {
  // Every position the pointer passed through, also those Chromium merged into one event per frame.
  const moves = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
  for (const m of moves.length ? moves : [e]) {
    if (!dragging || solved || (m.buttons & 1) === 0) return;
    const cell = cellAt(...canvasPoint(canvas, m));
    if (cell) enter(cell);
  }
});
canvas.addEventListener("pointerup", () => { dragging = false; });
canvas.addEventListener("pointercancel", () => { dragging = false; });

loadLevel(level);
