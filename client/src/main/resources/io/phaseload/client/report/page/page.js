// phaseload's --html page: renders the sections the data lists, in order, from the data embedded
// in this file. Tables show the report's exact figures as the JSON holds them; charts draw the
// bucketed series with uPlot. After drawing, #selfcheck records what each chart drew (points
// handed to it, opaque pixels in its plot area) and any error, for a headless browser to read.
"use strict";

var DATA = JSON.parse(document.getElementById("data").textContent);
var COLORS = { blue: "#005ab5", orange: "#e67800", red: "#c81e2d", grey: "#6e6e6e",
  green: "#008c46", purple: "#782896", light: "#3b82c4" };
var charts = [];

// --- small helpers -------------------------------------------------------------------------

function el(tag, attrs, children) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "text") { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
  });
  (children || []).forEach(function (c) { if (c) { e.appendChild(c); } });
  return e;
}

function section(id, title) {
  var s = el("section", { "class": "section-" + id, id: id });
  s.appendChild(el("h2", { text: title }));
  document.getElementById("sections").appendChild(s);
  return s;
}

function note(parent, text) { parent.appendChild(el("p", { "class": "note", text: text })); }

function message(parent, text) {
  parent.appendChild(el("div", { "class": "message", text: text }));
}

function count(n) { return n === null || n === undefined ? "" : Number(n).toLocaleString("en-US"); }

function ms(v) { return v === null || v === undefined ? "" : Number(v).toFixed(3); }

/** A table: columns are [header, function(row) -> text, optional class]; cells keep the path. */
function table(parent, columns, rows) {
  var head = el("tr", {}, columns.map(function (c) {
    return el("th", { "class": c[2] || "", text: c[0] });
  }));
  var body = rows.map(function (r) {
    return el("tr", {}, columns.map(function (c) {
      return el("td", { "class": c[2] || "", text: c[1](r) });
    }));
  });
  var headed = columns.some(function (c) { return c[0] !== ""; });
  var t = el("table", {}, [headed ? el("thead", {}, [head]) : null, el("tbody", {}, body)]);
  parent.appendChild(el("div", { "class": "scroll" }, [t]));
  return t;
}

function keys(parent, pairs, id) {
  var t = table(parent, [["", function (p) { return p[0]; }, "text"],
    ["", function (p) { return p[1]; }, "text"]], pairs);
  if (id) { t.id = id; }
  t.classList.add("keys");
}

// --- charts --------------------------------------------------------------------------------

function width(parent) { return Math.max(560, Math.min(1100, parent.clientWidth || 1100)); }

/** Dashed lines where phases after the first began, names above the plot area's top edge. */
function phaseMarks(phases) {
  return function (u) {
    var ctx = u.ctx;
    ctx.save();
    // Translucent, so that a self-check counting opaque pixels counts data, not these marks.
    ctx.strokeStyle = "rgba(110,110,110,0.55)";
    ctx.fillStyle = "rgba(60,60,60,0.7)";
    ctx.setLineDash([4, 4]);
    ctx.lineWidth = 1;
    ctx.font = Math.round(11 * devicePixelRatio) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    var lastEnd = -Infinity;
    var row = 0;
    phases.forEach(function (p) {
      var x0 = u.valToPos(p.start, "x", true);
      var x1 = u.valToPos(p.end, "x", true);
      if (p.start > 0 && x0 >= u.bbox.left && x0 <= u.bbox.left + u.bbox.width) {
        ctx.beginPath();
        ctx.moveTo(x0, u.bbox.top);
        ctx.lineTo(x0, u.bbox.top + u.bbox.height);
        ctx.stroke();
      }
      var middle = Math.max(u.bbox.left, Math.min((x0 + x1) / 2, u.bbox.left + u.bbox.width));
      var half = ctx.measureText(p.name).width / 2 + 4;
      row = middle - half < lastEnd ? (row + 1) % 3 : 0;
      lastEnd = middle + half;
      ctx.fillText(p.name, middle, u.bbox.top + (12 + 12 * row) * devicePixelRatio);
    });
    ctx.restore();
  };
}

/**
 * One uPlot chart, registered for the self-check with the number of points it was handed.
 * data[0] is x; every other array a series, null for a gap.
 */
function chart(parent, id, title, opts, data) {
  var box = el("div", { "class": "chart", id: "chart-" + id });
  parent.appendChild(box);
  var points = 0;
  for (var s = 1; s < data.length; s++) {
    data[s].forEach(function (v) { if (v !== null && v !== undefined) { points++; } });
  }
  opts.title = title;
  opts.width = width(parent);
  opts.height = opts.height || 340;
  opts.legend = { live: true };
  opts.cursor = { drag: { x: true, y: false } };
  var u = new uPlot(opts, data, box);
  charts.push({ id: id, plot: u, points: points });
  return u;
}

/** Nulls for values a log axis cannot draw (0 ms only for sub-microsecond latencies). */
function positive(values) {
  return values.map(function (v) { return v === null || v <= 0 ? null : v; });
}

/** A linear y scale from 0, so that a rate or a latency reads against nothing, not a floor. */
function fromZero() {
  return { range: function (u, min, max) { return [0, max > 0 ? max * 1.15 : 1]; } };
}

function timeAxis() {
  return { label: "seconds since the run started", values: function (u, ticks) {
    return ticks.map(function (t) { return +t.toFixed(3) + " s"; });
  } };
}

function bucketNote(series) {
  return "Bucketed by when each request started: " + series.bucket + " per point. Drag across a "
    + "chart to zoom into a span; double-click to zoom back out.";
}

// --- sections ------------------------------------------------------------------------------

var SECTIONS = {};

SECTIONS.verdict = function (d) {
  var run = d.run;
  var t = run.total;
  var s = section("verdict", "Verdict");
  var kind;
  var text;
  if (run.partial) {
    kind = "partial";
    text = "PARTIAL: the run stopped early (" + run.stopReason + "); " + count(t.sent)
      + " requests sent, " + count(t.failed) + " failed.";
  } else if (t.failed === 0 && t.notSent === 0) {
    kind = "pass";
    text = "PASSED: all " + count(t.sent) + " requests succeeded.";
  } else {
    kind = "fail";
    text = "FAILED: " + count(t.failed) + " of " + count(t.sent) + " requests failed"
      + (t.notSent ? ", " + count(t.notSent) + " were not sent" : "")
      + (t.skipped ? " (" + count(t.skipped) + " skipped: a value they use was not captured)" : "")
      + ".";
  }
  s.appendChild(el("div", { "class": "verdict " + kind, id: "verdict-text", text: text }));
  // The open model asks for a rate: a run that did not deliver it is not the answer to what was
  // asked, whatever its requests did, and the verdict names whose limit held it back.
  var short = run.delivery ? run.delivery.phases.filter(function (p) { return !p.delivered; }) : [];
  if (short.length) {
    s.appendChild(el("div", { "class": "verdict fail", id: "delivery-text",
      text: "NOT DELIVERED: " + short.map(function (p) { return p.reason; }).join(" | ") + "." }));
  }
  if (run.phasesNotReached && run.phasesNotReached.length) {
    note(s, "Phases never started: " + run.phasesNotReached.join(", ") + ".");
  }
  if (t.ok === 0) {
    note(s, "No request succeeded: there is no latency to show, only counts and failures.");
  } else if (t.sent === 1) {
    note(s, "The run sent one request: its latency is the whole distribution.");
  }
  note(s, "Latencies are over successful requests, exact, by nearest rank (the q-quantile of n "
    + "sorted values is the value at rank ceil(q x n))"
    + (run.total.serviceTimeMs ? "; in this open-model run they count from when each request "
      + "should have been sent (corrected for coordinated omission), service time apart." : "."));
};

// Listed only when the generator may have limited a phase: its warnings, as the text report has
// them, and its load in those phases.
SECTIONS.generator = function (d) {
  var s = section("generator", "Generator");
  var limited = d.run.generator.phases.filter(function (p) { return p.limited; });
  limited.forEach(function (p) {
    s.appendChild(el("div", { "class": "verdict partial generator-warning", text: p.warning }));
  });
  table(s, [["phase", function (p) { return p.phase; }, "text"],
    ["CPU used", function (p) { return (100 * p.cpuUsedShare).toFixed(0) + " %"; }],
    ["CPU wanted", function (p) { return (100 * p.cpuWantedShare).toFixed(0) + " %"; }],
    ["GC s", function (p) { return String(p.gcSeconds); }],
    ["GCs", function (p) { return count(p.gcCount); }],
    ["longest GC ms", function (p) { return ms(p.gcLongestMs); }],
    ["lag s", function (p) { return String(p.lagSeconds); }],
    ["longest lag ms", function (p) { return ms(p.lagLongestMs); }]], limited);
  note(s, "The client's own load in the phases it may have limited: the latencies there may be "
    + "the generator's as much as the service's.");
};

SECTIONS.setup = function (d) {
  var run = d.run;
  var s = section("setup", "What ran");
  if (d.commandLine) {
    s.appendChild(el("pre", { "class": "command", text: d.commandLine }));
  }
  var st = run.settings;
  var staged = st.stages !== undefined && st.stages.length > 0;
  var open = st.model === "open";
  var model = open && staged ? "open: the stages' rates (" + st.arrivals + " arrivals)"
    : open ? "open: " + st.rate + " arrivals/s at 100% (" + st.arrivals + " arrivals"
      + (st.phaseSeconds ? ", " + st.phaseSeconds + " s per phase" : "") + ")"
    : staged ? "closed: the stages' users, each sending its next iteration when the last one ends"
    : "closed: each thread sends its next iteration when the last one ends";
  // Stages set their phases: the fractions the plan derives from them would read as settings;
  // and the open model's stages do not count iterations.
  var derived = staged ? ["phases"].concat(open ? ["iterations"] : []) : [];
  var pairs = [
    ["target", run.target + (run.embeddedServer ? " (embedded server)" : "")],
    ["model", model],
    ["requests per iteration", run.requestNames.join(", ")],
    ["seed", String(st.seed)],
    ["started", run.start],
    ["wall time", run.wallSeconds + " s (phases " + run.phaseSeconds + " s, setup "
      + run.setupSeconds + " s)"]
  ];
  Object.keys(st).forEach(function (k) {
    if (k === "stages") {
      pairs.push([k, stagesText(st.stages, st.model === "open")]);
    } else if (["model", "rate", "phaseSeconds", "arrivals", "seed"].concat(derived)
        .indexOf(k) < 0) {
      pairs.push([k, Array.isArray(st[k]) ? st[k].join(", ") : String(st[k])]);
    }
  });
  Object.keys(run.environment).forEach(function (k) {
    pairs.push(["client " + k, String(run.environment[k])]);
  });
  keys(s, pairs, "table-setup");
};

function latencyColumns(key) {
  return [["min ms", "min"], ["mean ms", "mean"], ["p50 ms", "p50"], ["p90 ms", "p90"],
    ["p95 ms", "p95"], ["p99 ms", "p99"], ["p99.9 ms", "p99.9"], ["max ms", "max"]]
    .map(function (c) {
      return [c[0], function (g) { return g[key].count ? ms(g[key][c[1]]) : ""; }];
    });
}

function countColumns() {
  return [["sent", function (g) { return count(g.sent); }],
    ["ok", function (g) { return count(g.ok); }],
    ["failed", function (g) { return count(g.failed); }],
    ["not sent", function (g) { return count(g.notSent); }]];
}

SECTIONS.tables = function (d) {
  var run = d.run;
  var s = section("tables", "Per phase and per request");
  var phases = run.phases.map(function (p) { return Object.assign({ label: p.name }, p); });
  phases.push(Object.assign({ label: "ALL", threads: "", throughput: run.total.throughput },
    run.total));
  var name = [["phase", function (g) { return g.label; }, "text"],
    ["threads", function (g) { return String(g.threads); }]];
  var rate = [["ok/s", function (g) {
    return g.throughput === undefined ? "" : Number(g.throughput).toFixed(1);
  }]];
  h3(s, "Latency of successful requests by phase");
  table(s, name.concat(countColumns(), rate, latencyColumns("latencyMs")), phases)
    .id = "table-phases";
  var requests = Object.keys(run.requests).map(function (k) {
    return Object.assign({ label: k }, run.requests[k]);
  });
  h3(s, "Latency of successful requests by request name, over all phases");
  table(s, [["request", function (g) { return g.label; }, "text"]]
    .concat(countColumns(), latencyColumns("latencyMs")), requests).id = "table-requests";
  if (run.total.serviceTimeMs) {
    h3(s, "Service time (from the actual send) by phase");
    table(s, [["phase", function (g) { return g.label; }, "text"]]
      .concat(latencyColumns("serviceTimeMs")), phases).id = "table-service";
  }
  if (run.total.ok === 0) {
    note(s, "No request succeeded, so the latency columns are empty.");
  }
};

function h3(parent, text) { parent.appendChild(el("h3", { text: text })); }

SECTIONS.throughput = function (d) {
  var series = d.series;
  var s = section("throughput", "Throughput over time");
  var sent = series.sent.reduce(function (a, b) { return a + b; }, 0);
  if (series.x.length === 0 || sent === 0) {
    message(s, series.x.length === 0 ? "Nothing to draw: the run has no length."
      : "No request was sent: no throughput to draw.");
    return;
  }
  note(s, bucketNote(series));
  var ok = series.ok.reduce(function (a, b) { return a + b; }, 0);
  chart(s, "throughput", "Requests per second by start time, " + series.bucket + " buckets", {
    scales: { x: { time: false }, y: fromZero() },
    series: [{ label: "time (s)" },
      { label: "successful (" + count(ok) + ")", stroke: COLORS.blue, width: 1.5,
        points: { show: series.x.length < 60 } },
      { label: "failed (" + count(sent - ok) + ")", stroke: COLORS.red, width: 1.5, dash: [6, 4],
        points: { show: series.x.length < 60 } }],
    axes: [timeAxis(), { label: "requests/s", size: 70 }],
    hooks: { draw: [phaseMarks(series.phases)] }
  }, [series.x, series.okPerSecond, series.failedPerSecond]);
};

SECTIONS.latency = function (d) {
  var series = d.series;
  var s = section("latency", "Latency over time");
  if (d.run.total.ok === 0) {
    message(s, "No successful request: no latency to draw.");
    return;
  }
  var service = series.serviceP50 !== undefined;
  note(s, bucketNote(series) + " Each point is the exact percentile of its bucket's successful "
    + "requests; a gap is a bucket with none."
    + (service ? " In this open-model run they count from when each request should have been "
      + "sent, as the headline figures do; the service time (from the actual send) is dashed." : ""));
  var few = series.ok.filter(function (n) { return n > 0; }).length < 60;
  var from = service ? " from intended times" : "";
  var lines = [{ label: "time (s)" },
    { label: "p50" + from, stroke: COLORS.blue, width: 1.5, points: { show: few } },
    { label: "p95" + from, stroke: COLORS.orange, width: 1.2, points: { show: few } },
    { label: "p99" + from, stroke: COLORS.red, width: 1.2, points: { show: few } }];
  var data = [series.x, positive(series.p50), positive(series.p95), positive(series.p99)];
  if (service) {
    lines.push({ label: "service time p50", stroke: COLORS.blue, width: 1.2, dash: [5, 4] },
      { label: "service time p99", stroke: COLORS.red, width: 1.2, dash: [5, 4] });
    data.push(positive(series.serviceP50), positive(series.serviceP99));
  }
  // Live, a linear axis from 0: a queue building up reads as the height it reached. The report
  // keeps a log axis, where a run's warm-up outlier does not flatten the rest.
  chart(s, "latency", service
    ? "Latency from intended times by start time (p50, p95, p99), service time dashed"
    : "Latency of successful requests by start time (p50, p95, p99)", {
    scales: { x: { time: false }, y: d.live ? fromZero() : { distr: 3, log: 10 } },
    series: lines,
    axes: [timeAxis(), { label: d.live ? "latency (ms)" : "latency (ms, log scale)", size: 70 }],
    hooks: { draw: [phaseMarks(series.phases), driftWindows(d.run.drift)] }
  }, data);
};

/** What the drift windows drew on the latency chart, for the headless check: x pixels. */
var driftDrawn = [];

/**
 * Shades each judged phase's first and last window (d.run.drift) on a chart of seconds since the
 * run started, and names them: what the drift verdict compared.
 */
function driftWindows(drift) {
  return function (u) {
    driftDrawn.length = 0;
    if (!drift || !drift.length) { return; }
    var ctx = u.ctx;
    ctx.save();
    drift.forEach(function (w) {
      [["first", w.firstFromSeconds], ["last", w.lastFromSeconds]].forEach(function (pair) {
        var x0 = Math.max(u.bbox.left, u.valToPos(pair[1], "x", true));
        var x1 = Math.min(u.bbox.left + u.bbox.width,
          u.valToPos(pair[1] + w.windowSeconds, "x", true));
        if (x1 <= x0) { return; }
        ctx.fillStyle = "rgba(120, 120, 120, 0.12)";
        ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
        ctx.fillStyle = "#555";
        ctx.font = 10 * devicePixelRatio + "px sans-serif";
        ctx.textAlign = "center";
        ctx.fillText(w.phase + " " + pair[0], (x0 + x1) / 2,
          u.bbox.top + u.bbox.height - 6 * devicePixelRatio);
        driftDrawn.push({ phase: w.phase, window: pair[0], x0: Math.round(x0), x1: Math.round(x1) });
      });
    });
    ctx.restore();
  };
}

SECTIONS.drift = function (d) {
  var s = section("drift", "Drift: the start of each steady phase against its end");
  note(s, "Each steady phase of " + "--drift-min or more: its first window against its last (shaded "
    + "on the latency chart), each window's figures exact; worse or better only beyond the run's "
    + "own noise (compare's 99 % block-bootstrap interval, beyond a 5 % floor).");
  var rows = [];
  d.run.drift.forEach(function (w) {
    ["p50", "p99", "errors", "throughput"].forEach(function (m) {
      var r = w.metrics[m];
      rows.push({ phase: w.phase, metric: m, r: r, window: w.windowSeconds });
    });
  });
  var t = table(s, [["phase", function (x) { return x.phase; }, "text"],
    ["metric", function (x) { return x.metric; }, "text"],
    ["window s", function (x) { return String(x.window); }],
    ["first", function (x) { return x.r.first === null ? "" : String(x.r.first); }],
    ["last", function (x) { return x.r.last === null ? "" : String(x.r.last); }],
    ["change %", function (x) { return x.r.changePercent === null ? "" : String(x.r.changePercent); }],
    ["band %", function (x) {
      return x.r.lowPercent === null ? "" : x.r.lowPercent + " to " + x.r.highPercent; }],
    ["verdict", function (x) { return x.r.verdict; }, "text"]], rows);
  t.id = "drift-table";
};

/** --stages as the text report says them: "2 s 0 users to 20 users; 1 s at 20 users". */
function stagesText(stages, open) {
  var unit = open ? "/s" : " users";
  return stages.map(function (g) {
    return g.seconds + " s " + (g.from === g.to ? "at " + g.to + unit
      : g.from + unit + " to " + g.to + unit);
  }).join("; ");
}

SECTIONS.users = function (d) {
  var series = d.series;
  var s = section("users", "Users (stages)");
  note(s, "The users each stage asked for against the users running (from each one's first send "
    + "to its last answer), at each bucket's middle: where latency bends above, this is the load "
    + "that bent it.");
  chart(s, "users", "Users: the stages' target and the users running", {
    scales: { x: { time: false }, y: fromZero() },
    series: [{ label: "time (s)" },
      { label: "target", stroke: COLORS.grey, width: 1.5, dash: [6, 4] },
      { label: "running", stroke: COLORS.blue, width: 1.5 }],
    axes: [timeAxis(), { label: "users", size: 70 }],
    hooks: { draw: [phaseMarks(series.phases)] }
  }, [series.x, series.users.target, series.users.running]);
};

/** "0%", "90%", "99%", "99.9%" at whole decades of 1/(1-q); nothing between. */
function nines(x) {
  if (Math.abs(x - Math.round(x)) > 1e-6 || x < 0) { return ""; }
  var d = Math.round(x);
  return d === 0 ? "0%" : d === 1 ? "90%" : "99" + (d === 2 ? "" : "." + "9".repeat(d - 2)) + "%";
}

/** The x axis of a percentile spectrum: a tick at each whole nine, labelled as nines(). */
function percentileAxis() {
  return { label: "percentile (log scale of 1/(1-q))",
    splits: function (u, i, min, max) {
      var out = [];
      for (var v = Math.ceil(min); v <= max; v++) { out.push(v); }
      return out;
    },
    values: function (u, ticks) { return ticks.map(nines); } };
}

/** A spectrum's scales: x from 0 to the whole nine past end, latency on a log axis. */
function percentileScales(end) {
  return { x: { time: false, range: [0, Math.max(1, Math.ceil(end))] }, y: { distr: 3, log: 10 } };
}

SECTIONS.distribution = function (d) {
  var dist = d.distribution;
  var s = section("distribution", "Latency distribution");
  if (dist.count === 0) {
    message(s, "No successful request: no distribution to draw.");
    return;
  }
  if (dist.count === 1) {
    message(s, "One successful request, of " + ms(dist.latency[0]) + " ms: a distribution needs "
      + "more than one.");
    return;
  }
  note(s, "Percentile spectrum as HdrHistogram plots it: x is 1/(1-q) on a log scale, one more "
    + "nine per step, so the tail gets as much room as the body; y is the nearest-rank latency.");
  var end = dist.x[dist.x.length - 1];
  var series = [{ label: "percentile" },
    { label: dist.service ? "latency from intended times (corrected)" : "successful requests",
      stroke: "#333", width: 1.5, points: { show: false } }];
  var data = [dist.x, positive(dist.latency)];
  if (dist.service) {
    series.push({ label: "service time from actual send", stroke: COLORS.light, width: 1.5,
      points: { show: false } });
    data.push(positive(dist.service));
  }
  var markColors = [COLORS.blue, COLORS.green, COLORS.orange, COLORS.red, COLORS.purple, "#000"];
  chart(s, "distribution", "Latency distribution of " + count(dist.count)
    + " successful requests", {
    scales: percentileScales(end),
    series: series,
    axes: [percentileAxis(), { label: "latency (ms, log scale)", size: 70 }],
    hooks: { draw: [function (u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.font = Math.round(11 * devicePixelRatio) + "px system-ui, sans-serif";
      dist.marks.forEach(function (m, i) {
        var x = u.valToPos(m.x, "x", true);
        var y = u.valToPos(Math.max(m.ms, 1e-3), "y", true);
        ctx.fillStyle = markColors[Math.min(i, markColors.length - 1)];
        ctx.beginPath();
        ctx.arc(x, y, 4 * devicePixelRatio, 0, 2 * Math.PI);
        ctx.fill();
        ctx.textAlign = x > u.bbox.left + u.bbox.width * 0.85 ? "right" : "left";
        ctx.fillText(m.name, x + (ctx.textAlign === "left" ? 7 : -7) * devicePixelRatio,
          y - 6 * devicePixelRatio);
      });
      ctx.restore();
    }] }
  }, data);
  var marks = el("div", { "class": "marks", id: "distribution-marks" });
  dist.marks.forEach(function (m) {
    marks.appendChild(el("span", { text: m.name + " " + ms(m.ms) + " ms" }));
  });
  s.appendChild(marks);
};

SECTIONS.failures = function (d) {
  var t = d.run.total;
  var s = section("failures", "Failures");
  if (t.failed === 0 && t.notSent === 0) {
    message(s, "No request failed.");
    return;
  }
  var rows = [];
  Object.keys(t.errors).forEach(function (kind) {
    if (t.errors[kind] === 0) { return; }
    var reasons = t.reasons[kind] || [];
    if (reasons.length === 0) {
      rows.push({ kind: kind, count: t.errors[kind], reason: "", n: "" });
    }
    reasons.forEach(function (r, i) {
      rows.push({ kind: i === 0 ? kind : "", count: i === 0 ? t.errors[kind] : "",
        reason: r.reason, n: r.count });
    });
  });
  table(s, [["kind", function (r) { return r.kind; }, "text"],
    ["requests", function (r) { return count(r.count); }],
    ["reason (with an excerpt of the answer where there was one)",
      function (r) { return r.reason; }, "text"],
    ["requests", function (r) { return count(r.n); }]], rows).id = "table-failures";
  var statuses = Object.keys(t.httpStatuses);
  if (statuses.length) {
    h3(s, "HTTP statuses of the answers");
    table(s, [["status", function (k) { return k; }, "text"],
      ["answers", function (k) { return count(t.httpStatuses[k]); }]], statuses);
  }
};

SECTIONS.arrivals = function (d) {
  var run = d.run;
  var series = d.series;
  var s = section("arrivals", "Arrivals (open model)");
  var a = run.total.arrivals;
  note(s, count(a.started) + " of " + count(a.scheduled) + " scheduled arrivals began; "
    + count(a.late) + " began over 1 ms late (every thread busy, or the machine too slow to wake "
    + "one); the latest by " + ms(a.maxLateMs) + " ms.");
  table(s, [["phase", function (p) { return p.name; }, "text"],
    ["intended /s", function (p) { return p.intendedRate === undefined ? "" : p.intendedRate; }],
    ["achieved /s", function (p) { return p.achievedRate === undefined ? "" : p.achievedRate; }],
    ["late", function (p) { return count(p.late); }],
    ["max late ms", function (p) { return ms(p.maxLateMs); }]], run.phases).id = "table-arrivals";
  if (series.x.length === 0 || a.started === 0) {
    message(s, "No arrival began: nothing to draw.");
    return;
  }
  chart(s, "arrivals", "Intended and achieved arrivals per second, and late arrivals", {
    scales: { x: { time: false }, y: fromZero() },
    series: [{ label: "time (s)" },
      { label: "intended", stroke: COLORS.grey, width: 1.5, dash: [6, 4] },
      { label: "begun", stroke: COLORS.blue, width: 1.5 },
      { label: "begun over 1 ms late", stroke: COLORS.red, width: 1.5 }],
    axes: [timeAxis(), { label: "arrivals/s", size: 70 }],
    hooks: { draw: [phaseMarks(series.phases)] }
  }, [series.x, series.arrivals.intendedPerSecond, series.arrivals.begunPerSecond,
    series.arrivals.latePerSecond]);
};

SECTIONS.shards = function (d) {
  var shards = (d.run.shards || []).slice();
  var missing = d.run.missingShards || [];
  var s = section("shards", "Shards");
  note(s, shards.length + " of " + (shards.length + missing.length) + " generators' records "
    + "merged; their times placed on one axis by each one's start as its clock read it."
    + (missing.length ? " No record file was given for shard" + (missing.length > 1 ? "s " : " ")
      + missing.join(", ") + ": the figures cover the others only." : ""));
  missing.forEach(function (m) { shards.push({ shard: m, host: "no record file given" }); });
  table(s, [["shard", function (r) { return r.shard; }, "text"],
    ["host", function (r) { return r.host; }, "text"],
    ["start s", function (r) { return r.startSeconds === undefined ? "" : r.startSeconds; }],
    ["wall s", function (r) { return r.wallSeconds === undefined ? "" : r.wallSeconds; }],
    ["sent", function (r) { return count(r.sent); }],
    ["failed", function (r) { return count(r.failed); }],
    ["not sent", function (r) { return count(r.notSent); }],
    ["stopped", function (r) { return r.stopReason || ""; }, "text"]], shards).id = "table-shards";
};

