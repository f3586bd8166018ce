package report

// pageScript is the page's case list: it reads the index of every case
// (<script id="case-index">, plain JSON or gzip in base64), builds a
// filter for the suite, the outcome, the verdict and every tag of a few
// values, a text search and the sorts, and shows the cases that match a
// hundred at a time. A case written in the page is shown as it is; the
// others are made from the index and their body read, when opened, from
// the chunk file that holds it (a script beside the page, which calls
// hallumazeCases). The page works from file:// with no server; without
// JavaScript it shows the cases written in it.
const pageScript = `(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  var list = $("case-list"), count = $("case-count"), more = $("case-more"), text = $("case-filter");
  var sortSel = $("case-sort"), model = $("model-filter"), facetsBox = $("facets"), idxEl = $("case-index");
  var dir = idxEl.getAttribute("data-dir") || "", PAGE = 100, limit = PAGE;
  var entries = [], byId = {}, matched = [], selects = [model], made = [], token = "";
  var waiting = {}, chunks = {};
  function gunzip(b64) {
    var bin = atob(b64), u = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { u[i] = bin.charCodeAt(i); }
    return new Response(new Blob([u]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  }
  function fileName(k) { var s = String(k); while (s.length < 4) { s = "0" + s; } return dir + "/cases-" + s + ".js"; }
  window.hallumazeCases = function (tok, k, b64) {
    var w = waiting[k];
    if (!w) { return; }
    if (tok !== token) { w.reject(new Error(fileName(k) + " belongs to another report: write this page again")); return; }
    gunzip(b64).then(function (s) { w.resolve(JSON.parse(s)); }, w.reject);
  };
  function chunk(k) {
    if (!chunks[k]) {
      chunks[k] = new Promise(function (resolve, reject) {
        waiting[k] = {resolve: resolve, reject: reject};
        var sc = document.createElement("script");
        sc.src = fileName(k);
        sc.onerror = function () { reject(new Error("could not read " + fileName(k) + ": keep the folder " + dir + " beside this page")); };
        document.head.appendChild(sc);
      });
      chunks[k].catch(function () { delete chunks[k]; });
    }
    return chunks[k];
  }
  function span(cls, txt) { var s = document.createElement("span"); s.className = cls; s.textContent = txt; return s; }
  function element(e) {
    if (e.el) { return e.el; }
    var d = document.getElementById(e.i);
    if (!d) {
      d = document.createElement("details");
      d.className = "case" + (e.v ? " " + e.v : "");
      d.id = e.i;
      d.setAttribute("data-model", e.m);
      d.setAttribute("data-case", e.s + "/" + e.c);
      var sm = document.createElement("summary");
      if (e.v) { sm.appendChild(span("verdict " + e.v, e.v === "pass" ? "\u2713" : "\u2717")); }
      sm.appendChild(span("case-model", e.m));
      sm.appendChild(span("case-name", e.s + "/" + e.c));
      (e.b || []).forEach(function (b) { sm.appendChild(span("badge", b)); });
      if (e.a) { sm.appendChild(span("answer", e.a)); }
      d.appendChild(sm);
      var body = document.createElement("div");
      body.className = "case-lazy muted";
      body.textContent = "reading " + fileName(e.k) + "\u2026";
      d.appendChild(body);
      d.addEventListener("toggle", function () {
        if (!d.open || e.busy) { return; }
        e.busy = true;
        chunk(e.k).then(function (m) {
          var t = document.createElement("template");
          t.innerHTML = m[e.i] || "<p class=\"muted\">not in " + fileName(e.k) + "</p>";
          d.replaceChild(t.content, body);
          markScrolls(d);
        }, function (err) { e.busy = false; body.textContent = err.message; });
      });
    }
    e.el = d;
    made.push(e);
    return d;
  }
  function value(e, key) { return key.indexOf("t:") === 0 ? (e.t || {})[key.slice(2)] : e[key]; }
  function hay(e) {
    if (e.h === undefined) {
      var parts = [e.m, e.s + "/" + e.c, e.a || "", e.o || ""].concat(e.b || []);
      for (var k in e.t || {}) { parts.push(k + "=" + e.t[k]); }
      e.h = parts.join(" ").toLowerCase();
    }
    return e.h;
  }
  function option(sel, v, label) { var o = document.createElement("option"); o.value = v; o.textContent = label; sel.appendChild(o); }
  function facets() {
    var keys = [["s", "suite"], ["o", "outcome"], ["v", "verdict"]], tags = {}, seen = {};
    entries.forEach(function (e) { for (var k in e.t || {}) { tags[k] = 1; } });
    Object.keys(tags).sort().forEach(function (k) { keys.push(["t:" + k, k]); });
    keys.forEach(function (kv) {
      var vals = {}, n = 0;
      for (var i = 0; i < entries.length && n <= 40; i++) {
        var v = value(entries[i], kv[0]);
        if (v !== undefined && v !== "" && !vals[v]) { vals[v] = 1; n++; }
      }
      if (n < 2 || n > 40 || seen[kv[1]]) { return; }
      seen[kv[1]] = 1;
      var label = document.createElement("label"), sel = document.createElement("select");
      sel.setAttribute("data-facet", kv[0]);
      option(sel, "", "all");
      Object.keys(vals).sort(function (a, b) { return a.localeCompare(b, undefined, {numeric: true}); })
        .forEach(function (v) { option(sel, v, v); });
      label.appendChild(document.createTextNode(kv[1] + " "));
      label.appendChild(sel);
      facetsBox.appendChild(label);
      sel.addEventListener("change", function () { apply(); });
      selects.push(sel);
    });
    var metrics = {};
    entries.forEach(function (e) { for (var k in e.n || {}) { metrics[k] = 1; } });
    option(sortSel, "case", "case name");
    option(sortSel, "fail", "failures first");
    Object.keys(metrics).sort().forEach(function (k) {
      option(sortSel, "n+" + k, k + " ascending");
      option(sortSel, "n-" + k, k + " descending");
    });
  }
  function sorter(how) {
    var nat = function (a, b) { return a.localeCompare(b, undefined, {numeric: true}); };
    if (how === "case") { return function (a, b) { return nat(a.s + "/" + a.c, b.s + "/" + b.c) || a.x - b.x; }; }
    if (how === "fail") { return function (a, b) { return (a.v === "fail" ? 0 : 1) - (b.v === "fail" ? 0 : 1) || a.x - b.x; }; }
    if (how.charAt(0) === "n") {
      var key = how.slice(2), sign = how.charAt(1) === "+" ? 1 : -1;
      return function (a, b) {
        var x = (a.n || {})[key], y = (b.n || {})[key];
        if (x === undefined || y === undefined) { return (x === undefined) - (y === undefined) || a.x - b.x; }
        return sign * (x - y) || a.x - b.x;
      };
    }
    return function (a, b) { return a.x - b.x; };
  }
  function apply(keep) {
    var q = text.value.toLowerCase().split(/\s+/).filter(Boolean);
    var on = selects.filter(function (s) { return s.value !== ""; });
    matched = entries.filter(function (e) {
      for (var i = 0; i < on.length; i++) {
        if (String(value(e, on[i].getAttribute("data-facet"))) !== on[i].value) { return false; }
      }
      for (var j = 0; j < q.length; j++) {
        if (hay(e).indexOf(q[j]) < 0) { return false; }
      }
      return true;
    });
    matched.sort(sorter(sortSel.value));
    if (!keep) { limit = PAGE; }
    draw();
  }
  function draw() {
    var frag = document.createDocumentFragment(), shown = {};
    matched.slice(0, limit).forEach(function (e) {
      var el = element(e);
      el.classList.remove("hidden");
      shown[e.i] = 1;
      frag.appendChild(el);
    });
    made.forEach(function (e) {
      if (!shown[e.i]) { e.el.classList.add("hidden"); frag.appendChild(e.el); }
    });
    list.appendChild(frag);
    count.textContent = matched.length + " of " + entries.length + " cases" +
      (matched.length > limit ? ", the first " + limit + " shown" : "");
    more.classList.toggle("hidden", matched.length <= limit);
    more.textContent = "show " + Math.min(PAGE, matched.length - limit) + " more";
  }
  function openHash() {
    var id = location.hash && decodeURIComponent(location.hash.slice(1)), e = id && byId[id];
    if (!e) { return; }
    var el = element(e);
    el.classList.remove("hidden");
    if (el.parentNode !== list) { list.insertBefore(el, list.firstChild); }
    el.open = true;
    el.scrollIntoView();
  }
  function start(index) {
    token = index.token;
    entries = index.cases;
    entries.forEach(function (e, i) { e.x = i; byId[e.i] = e; });
    Array.prototype.forEach.call(list.querySelectorAll("details.case"), function (d) {
      var e = byId[d.id];
      if (e) { e.el = d; e.busy = true; made.push(e); }
    });
    facets();
    model.addEventListener("change", function () { apply(); });
    text.addEventListener("input", function () { apply(); });
    sortSel.addEventListener("change", function () { apply(true); });
    more.addEventListener("click", function () { limit += PAGE; draw(); });
    $("expand-all").addEventListener("click", function () {
      matched.slice(0, limit).forEach(function (e) { element(e).open = true; });
    });
    $("collapse-all").addEventListener("click", function () {
      made.forEach(function (e) { e.el.open = false; });
    });
    Array.prototype.forEach.call(document.querySelectorAll("tr.row[data-model]"), function (tr) {
      tr.addEventListener("click", function () {
        model.value = tr.getAttribute("data-model");
        apply();
        $("cases").scrollIntoView();
      });
    });
    window.addEventListener("hashchange", openHash);
    apply();
    openHash();
    ready();
  }
  // A box wider than the screen scrolls sideways; it says so with a
  // shadow on its right edge (class "scrolls").
  function markScrolls(root) {
    Array.prototype.forEach.call((root || document).querySelectorAll("table, .scroll, .case-figure, figure"), function (el) {
      el.classList.toggle("scrolls", el.scrollWidth > el.clientWidth + 1);
    });
  }
  var resizing = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () { markScrolls(); }, 150);
  });
  document.addEventListener("toggle", function (ev) { if (ev.target.open) { markScrolls(ev.target); } }, true);
  function ready() {
    markScrolls();
    document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    document.body.setAttribute("data-ready", "1");
  }
  function fail(msg) {
    count.textContent = msg;
    ready();
  }
  function unpack(b64) {
    gunzip(b64).then(function (s) { start(JSON.parse(s)); }, function (err) { fail("case index: " + err.message); });
  }
  var raw = JSON.parse(idxEl.textContent), src = idxEl.getAttribute("data-src");
  if (!src && idxEl.getAttribute("data-encoding") !== "gzip-base64") {
    start(raw);
  } else if (typeof DecompressionStream === "undefined") {
    fail("This browser cannot read the page's compressed case index (it needs DecompressionStream: " +
      "Chrome 80, Firefox 113, Safari 16.4 or later); the cases written in the page are shown.");
  } else if (src) {
    // The index of a very large run is beside the page, like its cases.
    window.hallumazeIndex = function (tok, b64) { unpack(b64); };
    var sc = document.createElement("script");
    sc.src = src;
    sc.onerror = function () { fail("could not read " + src + ": keep the folder " + dir + " beside this page; the cases written in the page are shown."); };
    document.head.appendChild(sc);
  } else {
    unpack(raw);
  }
})();`
