// pegs.js: the peg solitaire page's game: its board, drawing and rules (pegs.html says what they are).
"use strict";
// The English board in mid-game: o peg, . hole, # no site.
const kBoard = [
  "##...##",
  "##...##",
  "...o...",
  ".o.ooo.",
  ".....oo",
  "##.oo##",
  "##.o.##",
];
const R = kBoard.length, C = kBoard[0].length;
const site = kBoard.map(row => row.split(""));
let selected = null, solved = false;

const kPitch = 64, margin = 32;
const canvas = boardCanvas("Click a peg, then the hole it jumps to. Leave one peg.");
const ctx = canvas.getContext("2d");
const cssW = C * kPitch + 2 * margin, cssH = R * kPitch + 2 * margin;
sizeCanvas(canvas, cssW, cssH);

const centre = (r, c) => [margin + (c + 0.5) * kPitch, margin + (r + 0.5) * kPitch];

function disc(r, c, diameter, colour) {
  const [x, y] = centre(r, c);
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(x, y, diameter / 2, 0, 2 * Math.PI);
  ctx.fill();
}

function draw() {
  ctx.fillStyle = "rgb(240,240,240)";
  ctx.fillRect(0, 0, cssW, cssH);
  for (let r = 0; r < R; ++r)
    for (let c = 0; c < C; ++c) {
      if (site[r][c] === ".") disc(r, c, kPitch / 2, "rgb(150,150,150)");
      if (site[r][c] === "o") {
        const isSel = selected && selected[0] === r && selected[1] === c;
        disc(r, c, kPitch * 2 / 3, isSel ? "rgb(245,200,30)" : "rgb(40,90,220)");
      }
    }
}


function siteAt(px, py) {
  const c = Math.floor((px - margin) / kPitch), r = Math.floor((py - margin) / kPitch);
  if (r < 0 || c < 0 || r >= R || c >= C || site[r][c] === "#") return null;
  const [x, y] = centre(r, c);
  if (Math.hypot(px - x, py - y) > kPitch * 0.4) return null;  // on the disc, not between discs
  return [r, c];
}

function anyJump() {
  for (let r = 0; r < R; ++r)
    for (let c = 0; c < C; ++c) {
      if (site[r][c] !== "o") continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
        const m = [r + dr, c + dc], f = [r + 2 * dr, c + 2 * dc];
        if (f[0] < 0 || f[1] < 0 || f[0] >= R || f[1] >= C) continue;
        if (site[m[0]][m[1]] === "o" && site[f[0]][f[1]] === ".") return true;
      }
    }
  return false;
}

function click(cell) {
  const [r, c] = cell;
  if (site[r][c] === "o") {
    selected = selected && selected[0] === r && selected[1] === c ? null : cell;
    return draw();
  }
  if (!selected) return say("Select a peg first.");
  const dr = r - selected[0], dc = c - selected[1];
  const mid = [selected[0] + dr / 2, selected[1] + dc / 2];
  if (!((Math.abs(dr) === 2 && dc === 0) || (Math.abs(dc) === 2 && dr === 0)) || site[mid[0]][mid[1]] !== "o")
    return say("That peg cannot jump there.");
  site[selected[0]][selected[1]] = ".";
  site[mid[0]][mid[1]] = ".";
  site[r][c] = "o";
  selected = null;
  draw();
  const pegs = site.flat().filter(s => s === "o").length;
  if (pegs === 1) {
    solved = true;
    say("Solved! One peg left.");
    document.title = "Peg solitaire - solved";
  } else if (!anyJump()) {
    solved = true;
    say("No jump left: " + pegs + " pegs remain.");
    document.title = "Peg solitaire - stuck";
  } else {
    say(pegs + " pegs left.");
  }
}

// A click on a site: press and release on it, 30 ms debounce (page.js).
onDebouncedClick(canvas, siteAt, (a, b) => a[0] === b[0] && a[1] === b[1], click, () => solved);

draw();
