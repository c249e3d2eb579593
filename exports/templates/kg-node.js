/* kg view, the generic node page (node.html#<node id>): draws any node of the build with its neighbours
 * (node.html alone: the most connected node).
 *
 * Loads, with <script> elements (file:// pages cannot fetch), the search script that names every node
 * (window.KG_SEARCH.nodes[i] = [name, kind, view file, searched text, id, degree]) and the shard holding
 * the node (crc32(UTF-8 id) % shards, as exports/view_nodes.py computes it; kg-view.js's window.kgShards
 * loads it), which calls kgNodeShard() with the node's details and links, each naming its neighbour by id
 * (exports/view_nodes.py documents the entry); the search script gives the neighbour's name, kind, view
 * file and degree. It then builds one PageData object (exports/view_data.py) with the node at the centre
 * and its neighbours on rings, fills the legends, and hands it to kg-view.js (window.kgDrawView), which
 * draws every other page too and reads a neighbour's details from its shard when the pointer reaches it.
 * Every text reaches the page through textContent; links are only view files of this folder.
 */
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("kg-node-config").textContent);
  var id = "";
  try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (e) { id = ""; }
  window.addEventListener("hashchange", function () { window.location.reload(); });

  function setText(elementId, text) { document.getElementById(elementId).textContent = text; }
  function fail(message) {
    setText("kg-summary", message);
    document.body.dataset.kgNodeError = message;
  }
  function load(src, done) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = done;
    script.onerror = function () { fail("Could not load " + src + ": write the views again with `kg view OUT`."); };
    document.head.appendChild(script);
  }
  function clip(text, limit) { return text.length <= limit ? text : text.slice(0, limit).trim() + "\u2026"; }
  function size(degree, most) { return Math.min(most, 8 + 2 * Math.log2(1 + degree)); }

  load(config.search, function () {
    if (!id && window.KG_SEARCH.nodes.length) { id = window.KG_SEARCH.nodes[0][4]; }  // the most connected
    var shard = window.kgShards.crc32(id) % config.shards;
    window.kgShards.load(config.data, shard, function (chunk) {
      if (chunk) { draw(chunk); }
      else { fail("Could not load shard " + shard + " of " + config.data + ": write the views again with `kg view OUT`."); }
    });
  });

  function draw(chunk) {
    var entry = chunk.nodes[id];
    var all = window.KG_SEARCH.nodes;
    var byId = new Map(), wanted = new Set([id]);  // the node's and its neighbours' ids -> positions in the search script
    if (entry) { entry.nb.forEach(function (link) { wanted.add(link[0]); }); }
    for (var i = 0; i < all.length && entry; i++) { if (wanted.has(all[i][4])) { byId.set(all[i][4], i); } }
    var self = entry && byId.has(id) ? all[byId.get(id)] : null;
    if (!entry || !self) { fail("There is no node " + JSON.stringify(id) + " in this build."); return; }
    var kindOrder = {};
    config.order.forEach(function (kind, i) { kindOrder[kind] = i; });
    var rank = function (kind) { return kind in kindOrder ? kindOrder[kind] : config.order.length; };
    /* neighbours once each, by kind (legend order), then most connected, then name */
    var seen = {}, around = [];
    entry.nb.forEach(function (link) {
      var position = byId.get(link[0]);
      if (position !== undefined && !(position in seen)) { seen[position] = around.length; around.push(position); }
    });
    around.sort(function (a, b) {
      return rank(all[a][1]) - rank(all[b][1]) || all[b][5] - all[a][5] || (all[a][0] < all[b][0] ? -1 : 1);
    });
    var count = around.length, rings = count <= 16 ? 1 : Math.min(4, Math.ceil(count / 36));
    var spacing = count <= 24 ? 110 : count <= 60 ? 84 : 50;  // room along a ring for each node and its label
    var base = Math.max(190, Math.ceil(count / rings) * spacing / (2 * Math.PI));
    var fontSize = count > 60 ? 12 : 14;
    var nodes = [{id: id, l: clip(self[0], 30), n: self[0], k: self[1], s: 30, x: 0, y: 0, fs: 20}];
    if (entry.d) { nodes[0].d = entry.d; }
    if (self[2] && self[2].indexOf("node.html#") !== 0) { nodes[0].u = self[2]; }  // its own, fuller page
    var index = {};
    around.forEach(function (position, i) {
      var other = all[position], angle = -Math.PI / 2 + 2 * Math.PI * i / Math.max(count, 1);
      var radius = base + (i % rings) * 90;
      index[position] = nodes.length;
      var record = {id: other[4], l: clip(other[0], 26), n: other[0], k: other[1], s: size(other[5], 18),
                    x: Math.round(radius * Math.cos(angle) * 10) / 10, y: Math.round(radius * Math.sin(angle) * 10) / 10,
                    fs: fontSize};
      if (other[2]) { record.u = other[2]; }
      nodes.push(record);
    });
    var edges = [], relations = {}, weak = 0;
    entry.nb.forEach(function (link) {
      var other = index[byId.get(link[0])];
      if (other === undefined) { return; }
      var edge = link[2] ? {f: 0, t: other, r: link[1]} : {f: other, t: 0, r: link[1]};
      var fields = link[3] || {};
      Object.keys(fields).forEach(function (key) { edge[key] = fields[key]; });
      if (edge.wk) { weak++; }
      relations[link[1]] = config.relations[link[1]] || config.otherRelation;
      edges.push(edge);
    });
    var data = {nodes: nodes, edges: edges, sources: chunk.sources, relations: relations,
                options: config.options, center: 0, search: config.search,
                nd: {url: config.data, shards: config.shards}};  // the neighbours' details, from their shards
    if (weak) { data.weak = config.weak; }

    var name = self[0], kind = self[1];
    document.title = name + " (" + kind + ")";
    setText("kg-title", document.title);
    setText("kg-intro", "The " + kind + " " + JSON.stringify(name) + " and everything linked to it. " +
      "Click a node for its details, double-click it to open its own view.");
    setText("kg-summary", count < entry.nt
      ? "The " + count + " most connected of its " + entry.nt + " neighbours. Search finds the others."
      : count + (count === 1 ? " neighbour." : " neighbours."));
    legends(nodes, edges, weak);
    window.kgDrawView(data);
  }

  /* The kind legend (with the check boxes kg-view.js wires) and the relation legend, of what is drawn. */
  function legends(nodes, edges, weak) {
    var kinds = {}, relations = {};
    nodes.forEach(function (n) { kinds[n.k] = (kinds[n.k] || 0) + 1; });
    edges.forEach(function (e) { relations[e.r] = (relations[e.r] || 0) + 1; });
    var legend = document.getElementById("kg-legend");
    Object.keys(kinds).sort(function (a, b) {
      var ra = config.order.indexOf(a), rb = config.order.indexOf(b);
      return (ra < 0 ? 99 : ra) - (rb < 0 ? 99 : rb) || (a < b ? -1 : 1);
    }).forEach(function (kind) {
      var style = config.styles[kind] || config.otherKind;
      var label = document.createElement("label"), box = document.createElement("input");
      var swatch = document.createElement("span"), count = document.createElement("span");
      label.className = "kg-kind";
      box.type = "checkbox"; box.name = "kind"; box.value = kind; box.checked = true;
      swatch.className = "kg-swatch"; swatch.style.color = style.color; swatch.textContent = style.symbol;
      count.className = "kg-count"; count.textContent = "(" + kinds[kind] + ")";
      label.append(box, " ", swatch, kind + " ", count);
      legend.appendChild(label);
    });
    var lines = document.getElementById("kg-relations");
    Object.keys(relations).sort().forEach(function (relation) {
      var style = config.relations[relation] || config.otherRelation;
      var span = document.createElement("span"), line = document.createElement("span");
      var count = document.createElement("span");
      span.className = "kg-rel";
      line.className = "kg-line" + (style.dashes ? " kg-dashed" : "");
      line.style.borderColor = style.color;
      count.className = "kg-count"; count.textContent = "(" + relations[relation] + ")";
      span.append(line, relation + " ", count);
      lines.appendChild(span);
    });
    if (weak) {
      var label = document.createElement("label"), box = document.createElement("input");
      var line = document.createElement("span"), count = document.createElement("span");
      label.className = "kg-kind";
      box.type = "checkbox"; box.id = "kg-weak"; box.checked = true;
      line.className = "kg-line kg-weak-line";
      count.className = "kg-count"; count.textContent = "(" + weak + ")";
      label.append(box, " ", line, "weak similarTo ", count);
      lines.appendChild(label);
    }
  }
})();
