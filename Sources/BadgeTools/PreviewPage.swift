// The preview's page: one HTML document with its style and script, no
// framework. It opens /events (server-sent events) and, on each update,
// replaces the pictures in place (scroll and zoom stay), shows the
// diagnostics while the file has errors (the last good pictures dimmed),
// and on a click shows which element drew the shape: where it is written,
// the components it is inside, its proposal, size, frame and transform.

let previewPage = #"""
  <!doctype html>
  <html lang="en">
  <head>
  <meta charset="utf-8">
  <title>badgec preview</title>
  <style>
    :root { font: 14px/1.4 system-ui, sans-serif; color: #222; background: #f4f4f6; }
    body { margin: 0; }
    header { display: flex; gap: 1em; align-items: center; padding: .5em 1em; background: #fff; border-bottom: 1px solid #ddd; position: sticky; top: 0; z-index: 2; }
    header h1 { font-size: 1em; margin: 0; }
    #status.ok { color: #17813a; } #status.error { color: #c0271b; }
    main { display: grid; grid-template-columns: minmax(0, 1fr) 22em; gap: 1em; padding: 1em; }
    section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .75em; margin-bottom: 1em; }
    h2 { font-size: .9em; text-transform: uppercase; letter-spacing: .05em; color: #666; margin: 0 0 .5em; }
    #diagnostics { display: none; white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; background: #fff4f2; border: 1px solid #e9b3ab; color: #5a130c; padding: .75em; border-radius: 6px; margin: 0 0 1em; }
    #diagnostics.warnings { background: #fffbea; border-color: #e6d48a; color: #4d3d00; }
    .stale { opacity: .35; filter: grayscale(.6); }
    #viewport { overflow: auto; max-height: 70vh; }
    #canvas { position: relative; display: inline-block; transform-origin: 0 0; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    #canvas svg { display: block; }
    #canvas [data-node] { cursor: pointer; }
    #canvas .selected { filter: drop-shadow(0 0 1.5px #ff2d55) drop-shadow(0 0 1.5px #ff2d55); }
    #highlight { position: absolute; border: 1.5px dashed #ff2d55; pointer-events: none; display: none; box-sizing: border-box; }
    #sizes { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-end; }
    figure { margin: 0; text-align: center; font-size: 12px; color: #666; }
    .tiles { display: flex; flex-wrap: wrap; gap: 4px; }
    .tile { padding: 6px; border-radius: 4px; display: flex; align-items: center; justify-content: center; }
    .tile.light { background: #fff; border: 1px solid #ddd; } .tile.dark { background: #1c1c1e; }
    .tile.checkered { background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 8px 8px; }
    .tile img { display: block; }
    #pixels img { image-rendering: pixelated; display: block; }
    #pixelgrid { position: relative; display: inline-block; }
    #pixelgrid::after { content: ""; position: absolute; inset: 0; pointer-events: none;
      background-image: linear-gradient(to right, rgba(0,0,0,.18) 1px, transparent 1px), linear-gradient(to bottom, rgba(0,0,0,.18) 1px, transparent 1px);
      background-size: 8px 8px; }
    #inspector dl { display: grid; grid-template-columns: auto 1fr; gap: .2em .75em; margin: 0; font-size: 13px; }
    #inspector dt { color: #666; } #inspector dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-word; }
    button, select { font: inherit; }
  </style>
  </head>
  <body data-version="-1">
  <header>
    <h1>badgec preview</h1><span id="file"></span><span id="status">connecting…</span>
    <span style="flex:1"></span>
    <button id="zoomout" title="zoom out">−</button><span id="zoomlevel">100%</span><button id="zoomin" title="zoom in">+</button>
  </header>
  <main>
    <div>
      <pre id="diagnostics"></pre>
      <section><h2>Badge, click a shape</h2><div id="viewport"><div id="canvas"><div id="art"></div><div id="highlight"></div></div></div></section>
      <section><h2>Sizes: SVG on light, dark and checkered, and badgec's PNG</h2><div id="sizes"></div></section>
      <section id="pixels"><h2>Pixels at 8×</h2>
        <label>size <select id="pixelsize"></select></label>
        <div id="pixelgrid"><img id="pixelimage" alt="the PNG at 8×"></div></section>
    </div>
    <div>
      <section id="inspector"><h2>Element</h2><p id="hint">Click a shape to see where it is written and how it was laid out.</p><dl id="details"></dl></section>
    </div>
  </main>
  <script>
  "use strict";
  let zoom = 1, good = null, selected = null, urls = [];
  const $ = id => document.getElementById(id);
  function setZoom(z) {
    zoom = Math.min(16, Math.max(0.25, z));
    $("canvas").style.transform = "scale(" + zoom + ")";
    $("canvas").style.marginRight = $("canvas").style.marginBottom = "0";
    $("zoomlevel").textContent = Math.round(zoom * 100) + "%";
  }
  $("zoomin").onclick = () => setZoom(zoom * 1.25);
  $("zoomout").onclick = () => setZoom(zoom / 1.25);
  $("viewport").addEventListener("wheel", e => { if (e.ctrlKey) { e.preventDefault(); setZoom(zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1)); } }, { passive: false });

  function fmt(x) { return x === null ? "nil" : String(Math.round(x * 1000) / 1000); }
  function size(s) { return fmt(s.width) + " × " + fmt(s.height); }
  function show(state) {
    document.body.dataset.version = state.version;
    const diag = $("diagnostics");
    const shown = state.ok ? state : state.last;
    if (state.ok) {
      $("status").textContent = "compiled"; $("status").className = "ok";
    } else {
      $("status").textContent = "errors"; $("status").className = "error";
    }
    diag.textContent = state.diagnostics || "";
    diag.className = state.ok ? "warnings" : "";
    diag.style.display = state.diagnostics ? "block" : "none";
    for (const id of ["canvas", "sizes", "pixels"]) $(id).classList.toggle("stale", !state.ok);
    if (!shown || (good && shown.version === good.version)) return;
    good = shown;
    $("art").innerHTML = shown.svg;
    const svg = $("art").querySelector("svg");
    if (svg) svg.addEventListener("click", pick);
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [];
    const sizes = $("sizes");
    sizes.textContent = "";
    const pick2 = $("pixelsize"), kept = pick2.value;
    pick2.textContent = "";
    shown.sizes.forEach((s, i) => {
      const url = URL.createObjectURL(new Blob([s.svg], { type: "image/svg+xml" }));
      urls.push(url);
      const fig = document.createElement("figure");
      const tiles = document.createElement("div"); tiles.className = "tiles";
      for (const bg of ["light", "dark", "checkered"]) {
        const t = document.createElement("div"); t.className = "tile " + bg;
        const img = new Image(); img.src = url; img.width = s.width; img.height = s.height; img.alt = s.label + " on " + bg;
        t.appendChild(img); tiles.appendChild(t);
      }
      if (i === 0 && s.png) {
        const t = document.createElement("div"); t.className = "tile checkered png";
        const img = new Image(); img.src = s.png; img.width = s.width; img.height = s.height; img.alt = "badgec's PNG";
        t.appendChild(img); tiles.appendChild(t);
      }
      fig.appendChild(tiles);
      const cap = document.createElement("figcaption");
      cap.textContent = (i === 0 ? "declared " : "") + size(s) + (i === 0 && s.png ? " (last: PNG)" : "");
      fig.appendChild(cap); sizes.appendChild(fig);
      if (s.png) { const o = document.createElement("option"); o.value = s.png.replace(/&v=\d+$/, ""); o.textContent = size(s); o.dataset.src = s.png; o.dataset.w = s.width; o.dataset.h = s.height; pick2.appendChild(o); }
    });
    const options = [...pick2.options];
    const keep = options.find(o => o.value === kept) || options.find(o => Number(o.dataset.w) <= 32) || options[0];
    if (keep) { pick2.value = keep.value; pixels(); }
    if (selected !== null) select(selected, false);
  }
  function pixels() {
    const o = $("pixelsize").selectedOptions[0]; if (!o) return;
    const img = $("pixelimage");
    img.src = o.dataset.src; img.width = Math.round(o.dataset.w) * 8; img.height = Math.round(o.dataset.h) * 8;
  }
  $("pixelsize").onchange = pixels;
  function pick(e) {
    const el = e.target.closest("[data-node]");
    if (!el) return;
    select(Number(el.dataset.node), true);
  }
  function select(id, clicked) {
    const node = good && good.layout.nodes[id];
    for (const el of document.querySelectorAll("#art .selected")) el.classList.remove("selected");
    if (!node) { selected = null; $("highlight").style.display = "none"; $("details").textContent = ""; return; }
    selected = id;
    for (const el of document.querySelectorAll('#art [data-node="' + id + '"]')) el.classList.add("selected");
    const h = $("highlight"), f = node.frame;
    h.style.left = f.x + "px"; h.style.top = f.y + "px"; h.style.width = f.width + "px"; h.style.height = f.height + "px"; h.style.display = "block";
    const rows = [
      ["element", node.label], ["source", node.file + ":" + node.line + ":" + node.column],
      ["inside", node.components.length ? node.components.join(" › ") : "the badge"],
      ["proposed", size(node.proposed)], ["size", size(node.size)],
      ["frame", "(" + fmt(node.frame.x) + ", " + fmt(node.frame.y) + ") " + size(node.frame)],
      ["transform", "[" + node.transform.map(fmt).join(" ") + "]"],
      ["modifiers", node.modifiers.join(" ") || "none"],
    ];
    if (node.modifiers.length) rows.push(["content", "proposed " + size(node.content.proposed) + " → " + size(node.content.size)]);
    const dl = $("details"); dl.textContent = "";
    for (const [k, v] of rows) {
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v; dd.dataset.field = k;
      dl.append(dt, dd);
    }
    $("hint").style.display = "none";
  }
  function connect() {
    const events = new EventSource("/events");
    events.addEventListener("update", e => {
      show(JSON.parse(e.data));
      // When this update was on the page (ms since 1970), for measuring.
      document.body.dataset.shownAt = String(performance.timeOrigin + performance.now());
    });
    events.onerror = () => { $("status").textContent = "reconnecting…"; $("status").className = ""; };
  }
  setZoom(1);
  connect();
  </script>
  </body>
  </html>

  """#
