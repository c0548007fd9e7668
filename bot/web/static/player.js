/* The web player: draws the player's answer over the server's SVG board and builds the
   FORMATS.md solution for the genre's answer kind (solvers.genre.PlayKind). No libraries. */
(function () {
  "use strict";
  var S = JSON.parse(document.getElementById("settings").textContent);
  var W = S.words, R = S.rows, C = S.cols, KIND = S.kind;
  var CELL_LINES = KIND === "cell-loop" || KIND === "loop-shade", SHADES = KIND === "shade" || KIND === "loop-shade";
  var svg = document.getElementById("board"), layer = document.getElementById("marks");
  var walls = [svg.querySelector("path.rooms"), svg.querySelector("rect.frame")].filter(Boolean);
  var firstText = svg.querySelector("text");
  if (firstText && (CELL_LINES || KIND === "bridge")) svg.insertBefore(layer, firstText);  // numbers stay readable over lines
  var CELL = +svg.dataset.cell, M = +svg.dataset.margin, NS = "http://www.w3.org/2000/svg";
  var GREEN = "#00a000", SHADE = "#404040", BLUE = "#0054d6", RED = "#c00000", LIT = "#fff1a0";
  var LIGHTS = S.key === "lights";  // Akari: show what the bulbs light
  var tg = window.Telegram && window.Telegram.WebApp;
  var given = {};
  S.givens.forEach(function (g) { given[g[0] + "," + g[1]] = true; });
  var fixed = S.fixed || {}, numbers = S.numbers || {};

  // ---------------------------------------------------------------- who is playing (signed data only)
  function initData() {
    if (tg && tg.initData) return tg.initData;
    var h = new URLSearchParams(location.hash.slice(1)).get("tgWebAppData");
    return h || "";
  }
  if (tg) { try { tg.ready(); tg.expand(); } catch (e) { /* an older client */ } }
  (function theme() {  // Telegram's colours (the hash carries them when telegram-web-app.js is not loaded)
    var p = tg && tg.themeParams;
    if (!p) { try { p = JSON.parse(new URLSearchParams(location.hash.slice(1)).get("tgWebAppThemeParams") || "{}"); } catch (e) { p = {}; } }
    for (var k in p) if (/^#[0-9a-fA-F]{3,8}$/.test(p[k])) document.documentElement.style.setProperty("--tg-theme-" + k.replace(/_/g, "-"), p[k]);
  })();

  // ---------------------------------------------------------------- state, undo and redo
  var st = {e: {}, x: {}, c: {}, r: [], b: {}, n: {}};  // edges, crosses, cells, rects, bridges, numbers
  var past = [], future = [], mode = 0, errors = [], errorColour = RED, selected = null;
  function snap() { return JSON.stringify(st); }
  function commit(before) { if (before !== snap()) { past.push(before); future = []; } draw(); }
  function undo() { if (past.length) { future.push(snap()); st = JSON.parse(past.pop()); errors = []; draw(); } }
  function redo() { if (future.length) { past.push(snap()); st = JSON.parse(future.pop()); errors = []; draw(); } }

  // ---------------------------------------------------------------- drawing the player's marks
  function el(name, attrs) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    layer.appendChild(e);
    return e;
  }
  function cx(c) { return M + (c + 0.5) * CELL; }
  function cy(r) { return M + (r + 0.5) * CELL; }
  function line(x1, y1, x2, y2, color, w) {
    el("line", {x1: x1, y1: y1, x2: x2, y2: y2, stroke: color, "stroke-width": w, "stroke-linecap": "round"});
  }
  function cross(x, y, s, color) { line(x - s, y - s, x + s, y + s, color, 2); line(x - s, y + s, x + s, y - s, color, 2); }
  function star(x, y, s, color) {  // five points, point up, as the pictures draw stars (rendering/svg.py)
    var pts = [];
    for (var i = 0; i < 10; i++) {
      var rad = i % 2 ? s * 0.4 : s, a = -Math.PI / 2 + i * Math.PI / 5;
      pts.push((x + rad * Math.cos(a)).toFixed(2) + "," + (y + rad * Math.sin(a)).toFixed(2));
    }
    el("polygon", {points: pts.join(" "), fill: color});
  }
  function lights() {  // Akari: the cells each bulb lights (its row and column up to a black cell), counted
    var lit = {}, k;
    for (k in st.c) {
      if (st.c[k] !== 1) continue;
      var b = k.split(",").map(Number);
      lit[k] = (lit[k] || 0) + 1;
      [[0, 1], [0, -1], [1, 0], [-1, 0]].forEach(function (d) {
        for (var r = b[0] + d[0], c = b[1] + d[1]; inside(r, c) && !given[r + "," + c]; r += d[0], c += d[1]) lit[r + "," + c] = (lit[r + "," + c] || 0) + 1;
      });
    }
    return lit;
  }
  function draw() {
    layer.textContent = "";
    var k, p, lit = LIGHTS ? lights() : {};
    for (k in lit) {  // lit cells in light yellow, as puzz.link shows them while playing
      p = k.split(",");
      el("rect", {x: M + p[1] * CELL + 1, y: M + p[0] * CELL + 1, width: CELL - 2, height: CELL - 2, fill: LIT, "fill-opacity": 0.7, "class": "lit"});
    }
    for (k in st.c) {
      p = k.split(","); var r = +p[0], c = +p[1], v = st.c[k];
      if (SHADES) {
        if (v === 1) el("rect", {x: M + c * CELL, y: M + r * CELL, width: CELL, height: CELL, fill: SHADE, "fill-opacity": given[k] ? 0.45 : 1});
        else if (v === 2) el("circle", {cx: cx(c), cy: cy(r), r: CELL * 0.08, fill: BLUE});
      } else if (KIND === "mark") {
        if (v === 1 && S.shape === "star") star(cx(c), cy(r), CELL * 0.42, BLUE);
        else if (v === 1) el("circle", {cx: cx(c), cy: cy(r), r: CELL * 0.3, fill: lit[k] > 1 ? RED : BLUE});  // red: lit by another bulb
        else if (v === 2) cross(cx(c), cy(r), CELL * 0.2, BLUE);
      }
    }
    if (SHADES && Object.keys(st.c).length) {  // shading hid the walls between rooms and the frame's inner half
      walls.forEach(function (w) { layer.appendChild(w.cloneNode(false)); });
    }
    for (k in st.n) {  // smaller for more digits, so "16" or "25" stays inside its cell
      p = k.split(",");
      el("text", {x: cx(+p[1]), y: cy(+p[0]), "font-size": CELL * [0.7, 0.7, 0.52, 0.38][Math.min(3, st.n[k].length)], fill: BLUE,
        "text-anchor": "middle", "dominant-baseline": "central"}).textContent = st.n[k];
    }
    var w = CELL * 0.12;
    for (k in st.e) {
      p = k.split(" "); var t = p[0], a = +p[1], b = +p[2];
      if (CELL_LINES) {
        if (t === "h") line(cx(b), cy(a), cx(b + 1), cy(a), GREEN, w); else line(cx(b), cy(a), cx(b), cy(a + 1), GREEN, w);
      } else {
        var x = M + b * CELL, y = M + a * CELL;
        if (t === "h") line(x, y, x + CELL, y, GREEN, w); else line(x, y, x, y + CELL, GREEN, w);
      }
    }
    for (k in st.x) {
      p = k.split(" ");
      var ex = M + (+p[2] + (p[0] === "h" ? 0.5 : 0)) * CELL, ey = M + (+p[1] + (p[0] === "v" ? 0.5 : 0)) * CELL;
      cross(ex, ey, CELL * 0.12, RED);
    }
    st.r.forEach(function (q, i) {
      el("rect", {x: M + q[1] * CELL + 3, y: M + q[0] * CELL + 3, width: q[3] * CELL - 6, height: q[2] * CELL - 6,
        fill: ["#c8e6ff", "#d2f5c8", "#ffd7e6", "#e6dcff", "#cdf2f2"][i % 5], "fill-opacity": 0.55,
        stroke: GREEN, "stroke-width": 3});
    });
    for (k in st.b) {
      p = k.split(",").map(Number); var n = st.b[k], hz = p[0] === p[2], off = n === 2 ? [-0.1, 0.1] : [0];
      off.forEach(function (o) {
        var d = o * CELL;
        if (hz) line(cx(p[1]) + CELL * 0.4, cy(p[0]) + d, cx(p[3]) - CELL * 0.4, cy(p[2]) + d, GREEN, CELL * 0.07);
        else line(cx(p[1]) + d, cy(p[0]) + CELL * 0.4, cx(p[3]) + d, cy(p[2]) - CELL * 0.4, GREEN, CELL * 0.07);
      });
    }
    if (selected) el("rect", {x: M + selected[1] * CELL + 2, y: M + selected[0] * CELL + 2, width: CELL - 4, height: CELL - 4, fill: "none", stroke: BLUE, "stroke-width": 3});
    errors.forEach(function (q) {  // the cells a message is about: red for a broken rule, blue for a hint
      el("rect", {x: M + q[1] * CELL + 4, y: M + q[0] * CELL + 4, width: CELL - 8, height: CELL - 8, fill: "none", stroke: errorColour, "stroke-width": 4});
    });
  }

  // ---------------------------------------------------------------- pointer input per answer kind
  function point(ev) {
    var p = svg.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
    var q = p.matrixTransform(svg.getScreenCTM().inverse());
    return {x: (q.x - M) / CELL, y: (q.y - M) / CELL};
  }
  function inside(r, c) { return r >= 0 && c >= 0 && r < R && c < C; }
  function edgeKey(r1, c1, r2, c2) {  // between two neighbouring cells (or grid points)
    return r1 === r2 ? "h " + r1 + " " + Math.min(c1, c2) : "v " + Math.min(r1, r2) + " " + c1;
  }
  var drag = null;
  function setEdge(k) {
    if (drag.adding === undefined) drag.adding = !st.e[k];
    if (drag.adding) { st.e[k] = 1; delete st.x[k]; } else delete st.e[k];
    if (drag.adding && SHADES) {  // a line takes the shading out of the cells it joins
      var p = k.split(" "), a = +p[1], b = +p[2];
      [a + "," + b, p[0] === "h" ? a + "," + (b + 1) : (a + 1) + "," + b].forEach(function (q) { if (st.c[q] === 1) delete st.c[q]; });
    }
  }
  function stepTo(r, c, limitR, limitC) {  // walk from the last cell (point) to (r, c) one neighbour at a time
    while (drag.last && (drag.last[0] !== r || drag.last[1] !== c)) {
      var lr = drag.last[0], lc = drag.last[1];
      var nr = lr + Math.sign(r - lr), nc = lc;
      if (nr === lr || Math.abs(c - lc) > Math.abs(r - lr)) { nr = lr; nc = lc + Math.sign(c - lc); }
      if (nr < 0 || nc < 0 || nr > limitR || nc > limitC) break;
      setEdge(edgeKey(lr, lc, nr, nc)); drag.moved = true;
      drag.last = [nr, nc];
    }
  }
  function cycle(v, n) { return ((v || 0) + 1) % n; }
  var handlers = {
    "cell-loop": {
      down: function (p) { var r = Math.floor(p.y), c = Math.floor(p.x); drag.last = inside(r, c) ? [r, c] : null; },
      move: function (p) {
        var r = Math.floor(p.y), c = Math.floor(p.x);
        if (!inside(r, c)) return;
        if (!drag.last) { drag.last = [r, c]; return; }
        stepTo(r, c, R - 1, C - 1);
      },
      up: function () {}
    },
    "edge-loop": {
      down: function (p) { drag.last = near(p); drag.start = p; },
      move: function (p) { var q = near(p); if (q && drag.last) stepTo(q[0], q[1], R, C); else if (q) drag.last = q; },
      up: function (p) {
        if (drag.moved) return;
        var fr = p.y - Math.floor(p.y), fc = p.x - Math.floor(p.x), r = Math.floor(p.y), c = Math.floor(p.x), k;
        if (Math.abs(fr - 0.5) > Math.abs(fc - 0.5)) k = "h " + Math.round(p.y) + " " + c;  // nearer a horizontal edge
        else k = "v " + r + " " + Math.round(p.x);
        var kp = k.split(" "), a = +kp[1], b = +kp[2];
        if (a < 0 || b < 0 || (kp[0] === "h" && (a > R || b >= C)) || (kp[0] === "v" && (a >= R || b > C))) return;
        if (st.e[k]) { delete st.e[k]; st.x[k] = 1; } else if (st.x[k]) delete st.x[k]; else st.e[k] = 1;
      }
    },
    "shade": cellTool(3), "mark": cellTool(3),
    "number": {
      down: function (p) {
        var r = Math.floor(p.y), c = Math.floor(p.x);
        selected = inside(r, c) && !given[r + "," + c] ? [r, c] : null; typing = false;
      },
      move: function () {}, up: function () {}
    },
    "rect": {
      down: function (p) { drag.a = [Math.floor(p.y), Math.floor(p.x)]; },
      move: function (p) { drag.b = [Math.floor(p.y), Math.floor(p.x)]; },
      up: function (p) {
        var a = drag.a, b = drag.b || a;
        if (!inside(a[0], a[1])) return;
        b = [Math.max(0, Math.min(R - 1, b[0])), Math.max(0, Math.min(C - 1, b[1]))];
        var q = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1];
        var hit = function (x) { return !(x[0] + x[2] <= q[0] || q[0] + q[2] <= x[0] || x[1] + x[3] <= q[1] || q[1] + q[3] <= x[1]); };
        var tap = q[2] === 1 && q[3] === 1 && st.r.some(hit);
        st.r = st.r.filter(function (x) { return !hit(x); });
        if (!tap) st.r.push(q);
      }
    },
    "bridge": {
      down: function (p) { drag.a = [Math.floor(p.y), Math.floor(p.x)]; },
      move: function (p) { drag.b = [Math.floor(p.y), Math.floor(p.x)]; },
      up: function () {
        var a = drag.a, b = drag.b;
        if (!b || !given[a[0] + "," + a[1]] || (a[0] !== b[0] && a[1] !== b[1])) return;
        var dr = Math.sign(b[0] - a[0]), dc = Math.sign(b[1] - a[1]), r = a[0] + dr, c = a[1] + dc;
        while (inside(r, c) && !given[r + "," + c]) { r += dr; c += dc; }
        if (!inside(r, c) || (dr === 0 && dc === 0)) return;
        var e = [a, [r, c]].sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
        var k = [e[0][0], e[0][1], e[1][0], e[1][1]].join(",");
        st.b[k] = cycle(st.b[k], 3); if (!st.b[k]) delete st.b[k];
      }
    }
  };
  function near(p) {  // the grid point under the pointer, when it is close to one
    var r = Math.round(p.y), c = Math.round(p.x);
    return Math.abs(p.y - r) < 0.36 && Math.abs(p.x - c) < 0.36 && r >= 0 && c >= 0 && r <= R && c <= C ? [r, c] : null;
  }
  function cellTool(n) {  // tap cycles none → shade/mark → dot/cross → none; a drag paints the first cell's new state
    function paint(r, c) {
      var k = r + "," + c, m = KIND === "loop-shade" ? mode - 1 : mode;  // there mode 0 is the line
      if (!inside(r, c) || fixed[k] || (KIND !== "shade" && given[k]) || drag.done[k]) return;
      drag.done[k] = 1;
      if (drag.to === undefined) drag.to = m === 1 ? (st.c[k] === 2 ? 0 : 2) : m === 2 ? 0 : cycle(st.c[k], n);
      if (drag.to) st.c[k] = drag.to; else delete st.c[k];
      if (drag.to === 1 && CELL_LINES) {  // a shaded cell takes no line
        [edgeKey(r, c, r, c + 1), edgeKey(r, c, r + 1, c), edgeKey(r, c - 1, r, c), edgeKey(r - 1, c, r, c)]
          .forEach(function (e) { delete st.e[e]; });
      }
    }
    return {
      down: function (p) { drag.done = {}; paint(Math.floor(p.y), Math.floor(p.x)); },
      move: function (p) { paint(Math.floor(p.y), Math.floor(p.x)); },
      up: function () {}
    };
  }
  handlers["loop-shade"] = {line: handlers["cell-loop"], shade: cellTool(3)};  // by mode: the line, or shading
  function tool() {
    var h = handlers[KIND] || handlers.shade;
    return KIND === "loop-shade" ? (mode === 0 ? h.line : h.shade) : h;
  }
  var H = tool();
  svg.addEventListener("pointerdown", function (ev) {
    ev.preventDefault();
    try { svg.setPointerCapture(ev.pointerId); } catch (e) { /* synthetic events */ }
    drag = {before: snap(), id: ev.pointerId}; errors = []; H = tool();
    H.down(point(ev)); draw();
  });
  svg.addEventListener("pointermove", function (ev) { if (drag && drag.id === ev.pointerId) { H.move(point(ev)); draw(); } });
  function end(ev) { if (drag && drag.id === ev.pointerId) { H.up(point(ev)); var b = drag.before; drag = null; commit(b); } }
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);

  // ---------------------------------------------------------------- numbers: keys and a pad
  // Up to 16 (a 16x16 Sudoku) the pad has a button per number; above (Fillomino's sizes) digits
  // that are typed one after another into the selected cell. A key or a digit button appends to
  // the number being typed while it stays within MAX, else starts a new one (so on a 9x9 Sudoku
  // a second key replaces the first).
  var MAX = S.max || 9, typing = false;  // typing: the selected cell's number is still being typed
  function putNumber(v) {  // "" clears
    if (!selected) return;
    var before = snap(), k = selected[0] + "," + selected[1];
    if (v === "") delete st.n[k]; else st.n[k] = v;
    commit(before);
  }
  function typeDigit(d) {
    if (!selected) return;
    var k = selected[0] + "," + selected[1], v = ((typing && st.n[k]) || "") + d;
    if (+v > MAX) v = d;
    v = v.replace(/^0+/, "");
    typing = true;
    if (v) putNumber(v);
  }
  function moveSelection(dr, dc) {  // to the next cell without a given that way (none selected: the first one)
    var r, c;
    if (!selected) {
      for (var i = 0; i < R * C; i++) if (!given[Math.floor(i / C) + "," + i % C]) { selected = [Math.floor(i / C), i % C]; break; }
      typing = false; draw(); return;
    }
    r = selected[0]; c = selected[1];
    for (var step = 0; step < R * C; step++) {
      c += dc; r += dr;
      if (c < 0 || c >= C || r < 0 || r >= R) return;
      if (!given[r + "," + c]) { selected = [r, c]; typing = false; draw(); return; }
    }
  }
  if (KIND === "number") {
    var pad = document.getElementById("digits"), labels = [], n;
    if (MAX <= 16) { for (n = 1; n <= MAX; n++) labels.push(String(n)); } else labels = "1 2 3 4 5 6 7 8 9 0".split(" ");
    labels.push("⌫");
    pad.hidden = false;
    pad.classList.toggle("many", MAX > 9 && MAX <= 16);  // a button per number: more in a row
    labels.forEach(function (d) {
      var btn = document.createElement("button"); btn.textContent = d;
      btn.onclick = function () {
        if (d === "⌫") { typing = false; putNumber(""); } else if (MAX <= 16) { typing = false; putNumber(d); } else typeDigit(d);
      };
      pad.appendChild(btn);
    });
    document.addEventListener("keydown", function (ev) {
      var arrows = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
      if (/^[0-9]$/.test(ev.key)) typeDigit(ev.key);
      else if (ev.key === "Backspace" || ev.key === "Delete") { typing = false; putNumber(""); }
      else if (arrows[ev.key]) { ev.preventDefault(); moveSelection(arrows[ev.key][0], arrows[ev.key][1]); }
    });
  }

  // ---------------------------------------------------------------- the answer in the FORMATS.md shape
  function masks(rows, cols) {
    var m = [], r, c;
    for (r = 0; r < rows; r++) { m.push([]); for (c = 0; c < cols; c++) m[r].push(0); }
    for (var k in st.e) {
      var p = k.split(" "), a = +p[1], b = +p[2];
      if (p[0] === "h") { m[a][b] |= 2; m[a][b + 1] |= 8; } else { m[a][b] |= 4; m[a + 1][b] |= 1; }
    }
    return m.map(function (row) { return row.join(" "); });
  }
  function grid(f) {
    var out = [];
    for (var r = 0; r < R; r++) { var row = []; for (var c = 0; c < C; c++) row.push(f(r, c, r + "," + c)); out.push(row); }
    return out;
  }
  function solution() {
    var s = {};
    if (KIND === "cell-loop") s[S.key] = masks(R, C);
    else if (KIND === "loop-shade") {
      s.loop = masks(R, C);
      s.shaded = grid(function (r, c, k) { return st.c[k] === 1 ? "#" : "."; }).map(function (row) { return row.join(""); });
    }
    else if (KIND === "edge-loop") s[S.key] = masks(R + 1, C + 1);
    else if (KIND === "rect") s[S.key] = st.r.map(function (q) { return q.slice(); });
    else if (KIND === "bridge") s[S.key] = Object.keys(st.b).map(function (k) { return k.split(",").map(Number).concat([st.b[k]]); });
    else if (KIND === "number") s[S.key] = grid(function (r, c, k) { return st.n[k] || numbers[k] || "."; }).map(function (row) { return row.join(" "); });
    else if (S.key === "colors") s[S.key] = grid(function (r, c, k) { return fixed[k] || (st.c[k] === 1 ? "B" : "W"); }).map(function (row) { return row.join(""); });
    else { var mark = KIND === "mark" ? "*" : "#"; s[S.key] = grid(function (r, c, k) { return st.c[k] === 1 ? mark : "."; }).map(function (row) { return row.join(""); }); }
    return s;
  }
  for (var fk in fixed) if (fixed[fk] === "B") st.c[fk] = 1;

  // ---------------------------------------------------------------- talking to the bot
  var status = document.getElementById("status");
  function say(text, ok) {
    status.textContent = text; status.className = ok === undefined ? "" : ok ? "ok" : "bad";
    // under a big board and its pads the line is below a phone's screen: bring it up, or the tap seems to do nothing
    if (text && status.scrollIntoView) status.scrollIntoView({block: "nearest"});
  }
  var board = S.puzzle.charAt(0) === "b", hintsSeen = 0;  // a solved board ("Play it"): nothing recorded, no sign-in
  function send(path, withSolution) {
    var body = {init_data: initData(), token: S.token || undefined, puzzle: S.puzzle, lang: S.lang, hint: hintsSeen + 1};
    if (!board && path !== "api/check" && !body.init_data && !body.token) { say(W.not_signed, false); return Promise.resolve(null); }
    if (withSolution) body.solution = solution();  // a fresh board too: the server says "nothing is filled in yet"
    return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})
      .then(function (res) {
        return res.json().catch(function () { return {ok: false, message: "HTTP " + res.status}; });
      })
      .then(function (out) {
        errors = out.cells || []; errorColour = path === "api/hint" ? BLUE : RED; draw(); say(out.message || "", !!out.ok);
        if (tg && tg.HapticFeedback) { try { tg.HapticFeedback.notificationOccurred(out.ok ? "success" : "error"); } catch (e) { /* no haptics */ } }
        return out;
      }, function () { say("Network error", false); return null; });
  }
  document.getElementById("undo").onclick = undo;
  document.getElementById("redo").onclick = redo;
  document.getElementById("clear").onclick = function () {
    var before = snap(); st = {e: {}, x: {}, c: {}, r: [], b: {}, n: {}};
    for (var k in fixed) if (fixed[k] === "B") st.c[k] = 1;
    errors = []; commit(before);
  };
  document.getElementById("check").onclick = function () { send("api/check", true); };
  document.getElementById("hint").onclick = function () {
    send("api/hint", false).then(function (out) { if (out && out.ok) hintsSeen++; });
  };
  document.getElementById("submit").onclick = function () {
    send("api/answer", true).then(function (out) { if (out && out.ok) { solved = true; document.body.classList.add("solved"); } });
  };

  // ---------------------------------------------------------------- modes, help, timer
  var modes = {"shade": [W.mode_shade, W.mode_dot, W.mode_erase], "mark": [W.mode_mark, W.mode_cross, W.mode_erase],
    "loop-shade": [W.mode_line, W.mode_shade, W.mode_dot]}[KIND];
  var nav = document.getElementById("modes");
  (modes || []).forEach(function (label, i) {
    var btn = document.createElement("button"); btn.textContent = label; btn.dataset.mode = i;
    btn.onclick = function () { mode = i; nav.querySelectorAll("button").forEach(function (b) { b.classList.toggle("on", +b.dataset.mode === i); }); };
    if (i === 0) btn.classList.add("on");
    nav.appendChild(btn);
  });
  document.getElementById("help").textContent = W.help;
  var started = Date.now(), solved = false, clock = document.getElementById("timer");
  setInterval(function () {
    if (solved) return;
    var s = Math.floor((Date.now() - started) / 1000);
    clock.textContent = Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
  }, 1000);
  window.puzzlePlayer = {solution: solution, state: function () { return st; }};  // for tests and debugging
  draw();
  window.puzzlePlayer.readyAt = performance.now();
  document.body.classList.add("ready");
})();
