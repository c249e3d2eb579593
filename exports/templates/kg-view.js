/* kg view: draws the network in #kg-data with vis-network and wires search, kind filter, tooltip and details.
 *
 * The data: #kg-data holds one PageData object; every key (the short ones too: n.l, n.d.ab, e.f, e.sc, ...)
 * is documented by the TypedDicts in exports/view_data.py (PageData, NodeRecord, NodeDetails, EdgeRecord),
 * which the Python side builds. Change a key there and here together.
 *
 * Safety: every text taken from the graph reaches the page through setText() (textContent), never as
 * HTML, and links are only made for http(s) URLs; the data block itself is JSON that cannot close its
 * <script> element (the Python side escapes <, > and &).
 * Positions are precomputed in Python and physics is off, so the network is drawn once and stays still.
 *
 * In a views folder (data.nd) the nodes whose details are graph-wide (an entity's papers and first mentions,
 * a venue's or a person's papers) carry none: when the pointer reaches one, its details are read from the
 * node view's shard that holds it (assets/nodes/NNN.js, loaded with a <script> element, since pages opened
 * from file:// cannot fetch), so that a page changes only when what it draws changes.
 */
(function () {
  "use strict";
  var crcTable = null;
  /* CRC-32 (IEEE) of the UTF-8 bytes of text, as Python's zlib.crc32: which shard holds a node. */
  function crc32(text) {
    if (!crcTable) {
      crcTable = [];
      for (var n = 0; n < 256; n++) {
        var c = n;
        for (var k = 0; k < 8; k++) { c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1; }
        crcTable.push(c >>> 0);
      }
    }
    var bytes = new TextEncoder().encode(text), crc = 0xFFFFFFFF;
    for (var i = 0; i < bytes.length; i++) { crc = crcTable[(crc ^ bytes[i]) & 0xFF] ^ (crc >>> 8); }
    return (crc ^ 0xFFFFFFFF) >>> 0;
  }
  /* The node view's shards (exports/view_nodes.py): each is a script calling kgNodeShard(number, chunk).
     loadShard(url, number, done) loads shard `number` from the folder `url` once and calls done(chunk),
     or done(null) when it cannot be loaded; a shard loaded already is handed over at once. */
  var shards = {}, waiting = {};
  window.kgNodeShard = function (number, chunk) { shards[number] = chunk; };
  function loadShard(url, number, done) {
    if (shards[number]) { done(shards[number]); return; }
    if (waiting[number]) { waiting[number].push(done); return; }
    waiting[number] = [done];
    var script = document.createElement("script");
    function finish() {
      var callbacks = waiting[number] || [];
      delete waiting[number];
      callbacks.forEach(function (callback) { callback(shards[number] || null); });
    }
    script.src = url + String(number).padStart(3, "0") + ".js";
    script.onload = finish;
    script.onerror = finish;
    document.head.appendChild(script);
  }
  window.kgShards = {crc32: crc32, load: loadShard};
  /* Draws one page's data; the generic ego page (kg-ego.js) calls it once its data has loaded. */
  function draw(data) {
  var body = document.body;

  function setText(el, text) { el.textContent = text; return el; }
  function make(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined && text !== null) { setText(el, String(text)); }
    return el;
  }
  function isWebLink(url) { return /^https?:\/\//i.test(url); }
  /* A view file in the same folder, as the Python side names them (never a URL or a path). */
  function isViewFile(name) {
    return typeof name === "string" &&
      (/^[a-z0-9][a-z0-9_.-]*\.html$/.test(name) || /^node\.html#[A-Za-z0-9%._~!*'()-]+$/.test(name));
  }
  function viewLink(text, file) {
    var a = make("a", "", text);
    a.href = file;
    return a;
  }
  function link(label, url) {
    if (!isWebLink(url)) { return make("span", "", url); }
    var a = make("a", "", label || url);
    a.href = url;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  function row(key, valueNode) {
    var div = make("div", "kg-row");
    div.appendChild(make("span", "kg-key", key + ": "));
    div.appendChild(valueNode);
    return div;
  }
  function mentionList(mentions, sources) {
    var ul = make("ul");
    mentions.forEach(function (m) {
      var li = make("li");
      li.appendChild(make("span", "kg-source", sources[m[0]]));
      if (m[1]) { li.appendChild(document.createTextNode(" \u201c" + m[1] + "\u201d")); }
      ul.appendChild(li);
    });
    return ul;
  }

  /* The details of node i (or edge i) as a DOM element built from text nodes only. A node whose details are
     in the node view's shards gets them when its shard has loaded (at once if it has already); then
     `loaded` is called, so that the tooltip can be placed again. */
  function describeNode(i, loaded) {
    var n = data.nodes[i], el = make("div", "kg-info");
    el.appendChild(make("div", "kg-heading", n.n));
    el.appendChild(make("div", "kg-kind-line", n.k));
    if (isViewFile(n.u)) {
      var open = make("div", "kg-open");
      open.appendChild(viewLink("Open its view \u2192", n.u));
      el.appendChild(open);
    }
    if (n.d || !data.nd) { addDetails(el, n.d || {}, data.sources); return el; }
    var wait = el.appendChild(make("p", "kg-count", "Loading its details\u2026"));
    loadShard(data.nd.url, crc32(n.id) % data.nd.shards, function (chunk) {
      var entry = chunk && Object.prototype.hasOwnProperty.call(chunk.nodes, n.id) ? chunk.nodes[n.id] : null;
      wait.remove();
      if (!chunk) { el.appendChild(make("p", "kg-count", "Its details could not be loaded: write the views again.")); }
      else if (entry && entry.d) { addDetails(el, entry.d, chunk.sources); }
      if (loaded) { loaded(); }
    });
    return el;
  }
  /* The rows, abstract, links, mentions and sources of one node's details d, source files named in `sources`. */
  function addDetails(el, d, sources) {
    (d.rows || []).forEach(function (r) { el.appendChild(row(r[0], make("span", "", r[1]))); });
    if (d.ab) { el.appendChild(make("p", "kg-abstract", d.ab)); }
    (d.links || []).forEach(function (l) { el.appendChild(row(l[0], link(l[1], l[1]))); });
    if (d.m && d.m.length) {
      var found = make("div", "kg-row");
      var more = d.mt > d.m.length ? " (first " + d.m.length + " of " + d.mt + ")" : "";
      found.appendChild(make("span", "kg-key", "Found in" + more + ":"));
      found.appendChild(mentionList(d.m, sources));
      el.appendChild(found);
    }
    if (d.src && d.src.length) {
      el.appendChild(row("Sources", make("span", "kg-source", d.src.map(function (s) {
        return sources[s];
      }).join(", "))));
    }
  }
  function describeEdge(i) {
    var e = data.edges[i], el = make("div", "kg-info");
    el.appendChild(make("div", "kg-heading", e.r));
    el.appendChild(make("div", "", data.nodes[e.f].n + " \u2192 " + data.nodes[e.t].n));
    if (typeof e.c === "number") { el.appendChild(row("Confidence", make("span", "", e.c.toFixed(2)))); }
    if (e.b) { el.appendChild(row("Basis", make("span", "", e.b))); }
    if (typeof e.sc === "number") { el.appendChild(row("Score", make("span", "", e.sc.toFixed(2)))); }
    if (typeof e.st === "number") {
      el.appendChild(row("Strength", make("span", "", e.st.toFixed(2) + " (stronger than " +
        Math.round(e.st * 100) + "% of this build's computed links)" + (e.wk ? ": a weak link" : ""))));
    }
    if (e.se && e.se.length) { el.appendChild(row("Shared entities", make("span", "", e.se.join(", ")))); }
    if (e.tm && e.tm.length) { el.appendChild(row("Shared terms", make("span", "", e.tm.join(", ")))); }
    if (typeof e.p === "number") { el.appendChild(row("Author position", make("span", "", String(e.p)))); }
    if (e.m) { el.appendChild(mentionList([e.m], data.sources)); }
    else if (typeof e.s === "number") { el.appendChild(row("Source", make("span", "kg-source", data.sources[e.s]))); }
    return el;
  }

  var hiddenKinds = new Set(), hideWeak = false;
  var haystacks = data.nodes.map(function (n) { return [n.n].concat(n.a || []).join("\n").toLowerCase(); });
  var nodes = new vis.DataSet(data.nodes.map(function (n, i) {
    var node = {id: i, label: n.l, group: n.k, size: n.s, x: n.x, y: n.y};
    if (n.fs) { node.font = {size: n.fs}; }
    if (n.co) { node.color = n.co; }  // a paper map colours papers by cluster
    if (i === data.center) {  // the node an ego view is about
      node.borderWidth = 4;
      node.font = {size: Math.max(16, n.fs || 0), bold: true};
    }
    return node;
  }));
  var edges = new vis.DataSet(data.edges.map(function (e, i) {
    var style = data.relations[e.r];
    var edge = {id: i, from: e.f, to: e.t, color: style.color, dashes: style.dashes, arrows: style.arrows};
    if (e.cv) { edge.smooth = {enabled: true, type: "curvedCW", roundness: e.cv}; }
    if (e.wk && data.weak) {  // a weak similarTo link: faint, short dashes
      edge.color = {color: style.color, opacity: data.weak.opacity};
      edge.dashes = data.weak.dashes;
    }
    return edge;
  }));
  var nodeView = new vis.DataView(nodes, {filter: function (n) { return !hiddenKinds.has(n.group); }});
  var edgeView = new vis.DataView(edges, {filter: function (e) {
    return !hiddenKinds.has(data.nodes[e.from].k) && !hiddenKinds.has(data.nodes[e.to].k) &&
      !(hideWeak && data.edges[e.id].wk);
  }});
  var container = document.getElementById("kg-canvas");
  var network = new vis.Network(container, {nodes: nodeView, edges: edgeView}, data.options);
  /* The clusters of an entity landscape: a tinted circle under each, its label above it. */
  var tints = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f"];
  network.on("beforeDrawing", function (ctx) {
    (data.clusters || []).forEach(function (c, i) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, c.r, 0, 2 * Math.PI);
      ctx.globalAlpha = 0.08;
      ctx.fillStyle = c.co || tints[i % tints.length];
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.font = "bold " + (c.fs || 17) + "px sans-serif";
      ctx.textAlign = "center";
      ctx.fillStyle = "#444";
      var lines = c.l.split("\n");  // a paper map's labels may be wrapped
      lines.forEach(function (line, k) {
        ctx.fillText(line, c.x, c.y - c.r - 6 - (lines.length - 1 - k) * ((c.fs || 17) + 3));
      });
    });
  });
  /* A landscape is framed to hold its cluster circles and their labels too, not just the nodes. */
  var framed = null, moved = false;  // the canvas size the view was last framed for
  function frame() {
    var box = null;
    (data.clusters || []).forEach(function (c) {
      var half = Math.max(c.r, (c.w || 0) / 2);  // a label wider than its circle
      var extra = (c.l.split("\n").length - 1) * ((c.fs || 17) + 3);  // lines above the first
      var b = [c.x - half, c.y - c.r - 28 - extra, c.x + half, c.y + c.r];
      box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
    });
    if (!box) { return; }
    framed = container.clientWidth + "x" + container.clientHeight;
    var scale = 0.97 * Math.min(container.clientWidth / (box[2] - box[0]), container.clientHeight / (box[3] - box[1]));
    network.moveTo({position: {x: (box[0] + box[2]) / 2, y: (box[1] + box[3]) / 2}, scale: Math.min(scale, 1.25)});
  }
  network.once("afterDrawing", function () { setTimeout(frame, 0); });  // after vis-network's own first fit
  if (data.clusters) {  // framed again when the canvas changes size (before the user has moved the view)
    network.on("beforeDrawing", function () {
      if (framed && !moved && framed !== container.clientWidth + "x" + container.clientHeight) { frame(); }
    });
    network.on("dragStart", function () { moved = true; });
    network.on("zoom", function () { moved = true; });
  }
  network.on("doubleClick", function (p) {
    if (p.nodes.length && isViewFile(data.nodes[p.nodes[0]].u)) { window.location.href = data.nodes[p.nodes[0]].u; }
  });
  network.once("afterDrawing", function () {
    body.dataset.kgDrawnMs = String(Math.round(performance.now()));
    body.dataset.kgDrawn = String(nodeView.length);
  });
  function showVisibleCount() { body.dataset.kgVisible = String(nodeView.length); }
  showVisibleCount();

  /* Tooltip: built on hover only (nothing per node up front), positioned next to the pointer. */
  var tooltip = document.getElementById("kg-tooltip");
  function showTooltip(content, pointer) {
    tooltip.replaceChildren(content);
    tooltip.style.display = "block";
    placeTooltip(content, pointer);
  }
  function placeTooltip(content, pointer) {  // again when details loaded later make it bigger
    if (tooltip.firstChild !== content) { return; }
    var box = document.getElementById("kg-network");
    var x = Math.min(pointer.x + 12, box.clientWidth - tooltip.offsetWidth - 4);
    var y = Math.min(pointer.y + 12, box.clientHeight - tooltip.offsetHeight - 4);
    tooltip.style.left = Math.max(0, x) + "px";
    tooltip.style.top = Math.max(0, y) + "px";
  }
  function hideTooltip() { tooltip.style.display = "none"; }
  function nodeTooltip(i, pointer) {
    var content = describeNode(i, function () { placeTooltip(content, pointer); });
    showTooltip(content, pointer);
  }
  network.on("hoverNode", function (p) { nodeTooltip(p.node, p.pointer.DOM); });
  network.on("hoverEdge", function (p) { showTooltip(describeEdge(p.edge), p.pointer.DOM); });
  ["blurNode", "blurEdge", "dragStart", "zoom"].forEach(function (name) { network.on(name, hideTooltip); });

  var details = document.getElementById("kg-details");
  function showDetails(content) { details.replaceChildren(content); }
  network.on("click", function (p) {
    if (p.nodes.length) { showDetails(describeNode(p.nodes[0])); }
    else if (p.edges.length) { showDetails(describeEdge(p.edges[0])); }
  });

  var search = document.getElementById("kg-search");
  var searchStatus = document.getElementById("kg-search-status");
  var matches = [];
  function runSearch() {
    var query = search.value.trim().toLowerCase();
    if (!query) {
      matches = [];
      network.unselectAll();
      setText(searchStatus, "");
      if (results) { results.replaceChildren(); }
      return;
    }
    matches = nodeView.getIds({filter: function (n) { return haystacks[n.id].indexOf(query) !== -1; }});
    network.selectNodes(matches);
    setText(searchStatus, matches.length === 1 ? "1 match (Enter to zoom)" : matches.length + " matches (Enter to zoom)");
    searchBuild(query);
  }

  /* Search over every node of the build (the views folder's search script), drawn here or not:
     each result links to its own view, or says how to write it. Loaded on the first search only. */
  var results = document.getElementById("kg-search-results");
  var option = {paper: "--paper", venue: "--venue"};
  var loading = false;
  function searchBuild(query) {
    if (!results || !data.search) { return; }
    if (!window.KG_SEARCH) {
      if (!loading) {
        loading = true;
        var script = document.createElement("script");
        script.src = data.search;
        script.onload = function () { runSearch(); };
        document.head.appendChild(script);
      }
      return;
    }
    var found = [], total = 0;
    var all = window.KG_SEARCH.nodes;
    for (var i = 0; query && i < all.length; i++) {
      if (all[i][3].indexOf(query) !== -1) {
        total++;
        if (found.length < 12) { found.push(all[i]); }
      }
    }
    results.replaceChildren();
    found.forEach(function (r) {
      var li = make("li");
      if (isViewFile(r[2])) { li.appendChild(viewLink(r[0], r[2])); }
      else {
        li.appendChild(make("span", "", r[0]));
        li.appendChild(make("span", "kg-count", " \u2014 kg view OUT " + (option[r[1]] || "--entity") + " \u2026"));
      }
      li.appendChild(make("span", "kg-count", " (" + r[1] + ")"));
      results.appendChild(li);
    });
    if (total > found.length) { results.appendChild(make("li", "kg-count", "\u2026 and " + (total - found.length) + " more in the build")); }
  }
  search.addEventListener("input", runSearch);
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && matches.length) {
      network.fit({nodes: matches, animation: {duration: 300}});
      if (matches.length === 1) { showDetails(describeNode(matches[0])); }
    }
  });

  var weakBox = document.getElementById("kg-weak");
  if (weakBox) {
    weakBox.addEventListener("change", function () {
      hideWeak = !weakBox.checked;
      edgeView.refresh();
      body.dataset.kgEdgesVisible = String(edgeView.length);
    });
  }
  /* The list of a paper map's clusters: a click centres the map on the cluster. */
  Array.prototype.forEach.call(document.querySelectorAll("#kg-clusters a[data-cluster]"), function (a) {
    a.addEventListener("click", function (event) {
      event.preventDefault();
      var c = data.clusters[Number(a.dataset.cluster)];
      if (!c) { return; }
      moved = true;
      var scale = Math.min(container.clientWidth, container.clientHeight) / (2.4 * c.r);
      network.moveTo({position: {x: c.x, y: c.y}, scale: Math.min(2, scale), animation: {duration: 300}});
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("#kg-legend input[type=checkbox]"), function (box) {
    box.addEventListener("change", function () {
      if (box.checked) { hiddenKinds.delete(box.value); } else { hiddenKinds.add(box.value); }
      nodeView.refresh();
      edgeView.refresh();
      showVisibleCount();
      runSearch();
    });
  });

  /* For tests and the browser console: the network and the functions above. */
  window.kgView = {
    network: network,
    data: data,
    nodeIndex: function (id) { return data.nodes.findIndex(function (n) { return n.id === id; }); },
    showNodeDetails: function (i) { showDetails(describeNode(i)); },
    showNodeTooltip: function (i, x, y) { nodeTooltip(i, {x: x, y: y}); },
    showEdgeTooltip: function (i, x, y) { showTooltip(describeEdge(i), {x: x, y: y}); },
    visibleEdges: function () { return edgeView.length; }
  };
  }
  window.kgDrawView = draw;
  var block = document.getElementById("kg-data");
  if (block) { draw(JSON.parse(block.textContent)); }
})();
