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
 */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var body = document.body;

  function setText(el, text) { el.textContent = text; return el; }
  function make(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined && text !== null) { setText(el, String(text)); }
    return el;
  }
  function isWebLink(url) { return /^https?:\/\//i.test(url); }
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
  function mentionList(mentions) {
    var ul = make("ul");
    mentions.forEach(function (m) {
      var li = make("li");
      li.appendChild(make("span", "kg-source", data.sources[m[0]]));
      if (m[1]) { li.appendChild(document.createTextNode(" \u201c" + m[1] + "\u201d")); }
      ul.appendChild(li);
    });
    return ul;
  }

  /* The details of node i (or edge i) as a DOM element built from text nodes only. */
  function describeNode(i) {
    var n = data.nodes[i], d = n.d || {}, el = make("div", "kg-info");
    el.appendChild(make("div", "kg-heading", n.n));
    el.appendChild(make("div", "kg-kind-line", n.k));
    (d.rows || []).forEach(function (r) { el.appendChild(row(r[0], make("span", "", r[1]))); });
    if (d.ab) { el.appendChild(make("p", "kg-abstract", d.ab)); }
    (d.links || []).forEach(function (l) { el.appendChild(row(l[0], link(l[1], l[1]))); });
    if (d.m && d.m.length) {
      var found = make("div", "kg-row");
      var more = d.mt > d.m.length ? " (first " + d.m.length + " of " + d.mt + ")" : "";
      found.appendChild(make("span", "kg-key", "Found in" + more + ":"));
      found.appendChild(mentionList(d.m));
      el.appendChild(found);
    }
    if (d.src && d.src.length) {
      el.appendChild(row("Sources", make("span", "kg-source", d.src.map(function (s) {
        return data.sources[s];
      }).join(", "))));
    }
    return el;
  }
  function describeEdge(i) {
    var e = data.edges[i], el = make("div", "kg-info");
    el.appendChild(make("div", "kg-heading", e.r));
    el.appendChild(make("div", "", data.nodes[e.f].n + " \u2192 " + data.nodes[e.t].n));
    if (typeof e.c === "number") { el.appendChild(row("Confidence", make("span", "", e.c.toFixed(2)))); }
    if (e.b) { el.appendChild(row("Basis", make("span", "", e.b))); }
    if (typeof e.sc === "number") { el.appendChild(row("Score", make("span", "", e.sc.toFixed(2)))); }
    if (typeof e.p === "number") { el.appendChild(row("Author position", make("span", "", String(e.p)))); }
    if (e.m) { el.appendChild(mentionList([e.m])); }
    else if (typeof e.s === "number") { el.appendChild(row("Source", make("span", "kg-source", data.sources[e.s]))); }
    return el;
  }

  var hiddenKinds = new Set();
  var haystacks = data.nodes.map(function (n) { return [n.n].concat(n.a || []).join("\n").toLowerCase(); });
  var nodes = new vis.DataSet(data.nodes.map(function (n, i) {
    var node = {id: i, label: n.l, group: n.k, size: n.s, x: n.x, y: n.y};
    if (i === data.center) {  // the node an ego or venue view is about
      node.borderWidth = 4;
      node.font = {size: 16, bold: true};
    }
    return node;
  }));
  var edges = new vis.DataSet(data.edges.map(function (e, i) {
    var style = data.relations[e.r];
    var edge = {id: i, from: e.f, to: e.t, color: style.color, dashes: style.dashes, arrows: style.arrows};
    if (e.cv) { edge.smooth = {enabled: true, type: "curvedCW", roundness: e.cv}; }
    return edge;
  }));
  var nodeView = new vis.DataView(nodes, {filter: function (n) { return !hiddenKinds.has(n.group); }});
  var edgeView = new vis.DataView(edges, {filter: function (e) {
    return !hiddenKinds.has(data.nodes[e.from].k) && !hiddenKinds.has(data.nodes[e.to].k);
  }});
  var container = document.getElementById("kg-canvas");
  var network = new vis.Network(container, {nodes: nodeView, edges: edgeView}, data.options);
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
    var box = document.getElementById("kg-network");
    var x = Math.min(pointer.x + 12, box.clientWidth - tooltip.offsetWidth - 4);
    var y = Math.min(pointer.y + 12, box.clientHeight - tooltip.offsetHeight - 4);
    tooltip.style.left = Math.max(0, x) + "px";
    tooltip.style.top = Math.max(0, y) + "px";
  }
  function hideTooltip() { tooltip.style.display = "none"; }
  network.on("hoverNode", function (p) { showTooltip(describeNode(p.node), p.pointer.DOM); });
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
      return;
    }
    matches = nodeView.getIds({filter: function (n) { return haystacks[n.id].indexOf(query) !== -1; }});
    network.selectNodes(matches);
    setText(searchStatus, matches.length === 1 ? "1 match (Enter to zoom)" : matches.length + " matches (Enter to zoom)");
  }
  search.addEventListener("input", runSearch);
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && matches.length) {
      network.fit({nodes: matches, animation: {duration: 300}});
      if (matches.length === 1) { showDetails(describeNode(matches[0])); }
    }
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
    nodeIndex: function (id) { return data.nodes.findIndex(function (n) { return n.id === id; }); },
    showNodeDetails: function (i) { showDetails(describeNode(i)); },
    showNodeTooltip: function (i, x, y) { showTooltip(describeNode(i), {x: x, y: y}); },
    showEdgeTooltip: function (i, x, y) { showTooltip(describeEdge(i), {x: x, y: y}); }
  };
})();
