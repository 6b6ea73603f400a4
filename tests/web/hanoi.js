// hanoi.js: the Tower of Hanoi page's game: its board, drawing and rules (hanoi.html says what they are).
"use strict";
const kDisks = 4;
const pegs = [[], [], []];  // bottom to top, disk sizes 1 (smallest) .. kDisks
for (let d = kDisks; d >= 1; --d) pegs[0].push(d);
let held = null, moves = 0, solved = false;

const cssW = 480, cssH = 290, baseY = 250, baseH = 16, rodW = 10, rodTop = 70, diskH = 26, diskGap = 4;
const pegX = [90, 240, 390];
const canvas = boardCanvas("Move every disk to the right-hand peg, never a disk on a smaller one.");
const ctx = canvas.getContext("2d");
sizeCanvas(canvas, cssW, cssH);

const kPage = "rgb(245,245,240)", kWood = "rgb(90,80,70)", kDisk = "rgb(220,120,40)";
const diskWidth = d => 30 + 28 * d;

function drawDisk(d, cx, y) {
  ctx.fillStyle = kDisk;
  ctx.beginPath();
  ctx.roundRect(cx - diskWidth(d) / 2, y, diskWidth(d), diskH, 6);
  ctx.fill();
}

function draw() {
  ctx.fillStyle = kPage;
  ctx.fillRect(0, 0, cssW, cssH);
  ctx.fillStyle = kWood;
  ctx.fillRect(20, baseY, cssW - 40, baseH);
  for (const x of pegX) ctx.fillRect(x - rodW / 2, rodTop, rodW, baseY - rodTop);
  pegX.forEach((x, p) => pegs[p].forEach((d, k) => drawDisk(d, x, baseY - diskGap - (k + 1) * (diskH + diskGap) + diskGap)));
  if (held) drawDisk(held.disk, held.x, held.y - diskH / 2);
}


function pegAt(px) {
  for (let p = 0; p < 3; ++p) if (Math.abs(px - pegX[p]) < 70) return p;
  return -1;
}

canvas.addEventListener("pointerdown", e => {
  if (solved || held) return;
  const [x, y] = canvasPoint(canvas, e);
  const p = pegAt(x);
  if (p < 0 || pegs[p].length === 0 || y > baseY) return;
  held = {disk: pegs[p].pop(), from: p, x, y};
  canvas.setPointerCapture(e.pointerId);
  draw();
});
canvas.addEventListener("pointermove", e => {
  if (!held) return;
  [held.x, held.y] = canvasPoint(canvas, e);
  draw();
});
canvas.addEventListener("pointerup", e => {
  if (!held) return;
  const [x] = canvasPoint(canvas, e);
  const p = pegAt(x);
  const top = p >= 0 ? pegs[p][pegs[p].length - 1] : undefined;
  if (p < 0 || p === held.from || (top !== undefined && top < held.disk)) {
    pegs[held.from].push(held.disk);  // back where it came from
    if (p >= 0 && p !== held.from) say("A disk may not go on a smaller one.");
  } else {
    pegs[p].push(held.disk);
    ++moves;
    say(moves + " moves.");
  }
  held = null;
  draw();
  if (pegs[2].length === kDisks) {
    solved = true;
    say("Solved in " + moves + " moves!");
    document.title = "Hanoi page - solved";
  }
});

draw();
