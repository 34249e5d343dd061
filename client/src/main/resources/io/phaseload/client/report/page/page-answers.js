// phaseload's --html page: the answers' sections, an SLO table under a run's verdict, a capacity
// search's page and a comparison's page (inlined after page.js, in its script and strict mode).

// --- SLOs, on a run's page -----------------------------------------------------------------

SECTIONS.slo = function (d) {
  var run = d.run;
  var slos = run.slo;
  var s = section("slo", "SLOs");
  var failed = slos.filter(function (x) { return !x.pass; }).length;
  s.appendChild(el("div", { "class": "verdict " + (failed ? "fail" : "pass"), id: "slo-verdict",
    text: failed ? "SLOs: " + failed + " of " + slos.length + " FAILED"
      : "SLOs: all " + slos.length + " held" }));
  if (run.partial) {
    note(s, "The run stopped early (" + run.stopReason + "): the SLOs are judged on what ran.");
  }
  if (run.settings.model === "open") {
    note(s, "Latency SLOs are judged on latency from the intended times (coordinated omission "
      + "corrected).");
  }
  table(s, [["SLO", function (x) { return x.expr; }, "text"],
    ["measured", function (x) {
      return x.measured === null ? "none" : x.measured.toFixed(3) + " " + x.unit;
    }],
    ["verdict", function (x) { return x.pass ? "pass" : "FAIL"; }, "text"]], slos)
    .id = "table-slo";
};

// --- a capacity search ---------------------------------------------------------------------

function capacitySteps(d) {
  return d.capacity.steps.map(function (st, i) { return Object.assign({ step: i + 1 }, st); });
}

SECTIONS.capacityVerdict = function (d) {
  var c = d.capacity;
  var s = section("capacityVerdict", "Capacity");
  var kind = c.rate === null ? "fail"
    : c.generatorLimited || c.threadsLimited ? "partial" : "pass";
  s.appendChild(el("div", { "class": "verdict " + kind, id: "verdict-text", text: d.headline }));
  note(s, "Stopped: " + d.stopText + ". A step holds when every SLO holds on latency from the "
    + "intended times and the generator kept its schedule; the capacity is the highest offered "
    + "rate that held.");
};

SECTIONS.capacitySetup = function (d) {
  var s = section("capacitySetup", "What ran");
  s.appendChild(el("pre", { "class": "command", text: d.commandLine }));
  var first = d.capacity.steps[0];
  keys(s, [["target", d.target],
    ["SLOs", first ? first.slo.map(function (x) { return x.expr; }).join(", ") : ""],
    ["each step", d.capacity.stepSeconds + " s of the open model at one rate"],
    ["rates in", d.unit],
    ["client machine", d.machine]]);
};

SECTIONS.capacitySteps = function (d) {
  var s = section("capacitySteps", "Steps, in the order they ran");
  note(s, "Latency in ms from the intended times; service time from the actual send. LATE "
    + "arrivals began over 1 ms after their time: BUSY while every thread was busy (the "
    + "service's queue, by Little's law, or the cap of --threads's when the service time held: "
    + "verdict threads, and the step runs again with more), FREE while a thread was free (the "
    + "generator's own limit).");
  table(s, [["step", function (r) { return String(r.step); }],
    ["offered /s", function (r) { return count(r.offeredRate); }],
    ["achieved /s", function (r) { return Number(r.achievedRate).toFixed(1); }],
    ["late", function (r) { return count(r.late); }],
    ["busy / free", function (r) { return r.lateThreadsBusy + " / " + r.lateThreadFree; }],
    ["in flight", function (r) { return count(r.peakInFlight); }],
    ["threads", function (r) { return count(r.threads); }],
    ["p50 ms", function (r) { return ms(r.latencyMs.p50); }],
    ["p95 ms", function (r) { return ms(r.latencyMs.p95); }],
    ["p99 ms", function (r) { return ms(r.latencyMs.p99); }],
    ["service p50 ms", function (r) { return ms(r.serviceTimeMs.p50); }],
    ["service p99 ms", function (r) { return ms(r.serviceTimeMs.p99); }],
    ["errors", function (r) { return count(r.errors); }],
    ["verdict", function (r) { return r.verdict; }, "text"]], capacitySteps(d))
    .id = "table-capacity";
};

SECTIONS.capacityCurve = function (d) {
  var s = section("capacityCurve", "Latency and achieved rate against offered rate");
  var steps = d.capacity.steps.slice().sort(function (a, b) {
    return a.offeredRate - b.offeredRate;
  });
  if (steps.length < 2) {
    message(s, "One step: a curve needs two; the table has it.");
    return;
  }
  var x = steps.map(function (st) { return st.offeredRate; });
  function col(key, q) {
    return positive(steps.map(function (st) { return st[key].count ? st[key][q] : null; }));
  }
  note(s, "Each point is a step (the median, p95 and p99 of its successful requests): where the "
    + "latency from intended times turns up while service time stays flat, requests wait in a "
    + "queue; where achieved falls below offered, the service no longer keeps up.");
  chart(s, "capacity-latency", "Latency by offered rate", {
    scales: { x: { time: false }, y: { distr: 3, log: 10 } },
    series: [{ label: "offered /s" },
      { label: "p50", stroke: COLORS.blue, width: 1.5 },
      { label: "p95", stroke: COLORS.orange, width: 1.5 },
      { label: "p99", stroke: COLORS.red, width: 1.5 },
      { label: "service p99", stroke: COLORS.light, width: 1.5, dash: [6, 4] }],
    axes: [{ label: "offered rate (" + d.unit + ")" },
      { label: "latency (ms, log scale)", size: 70 }]
  }, [x, col("latencyMs", "p50"), col("latencyMs", "p95"), col("latencyMs", "p99"),
    col("serviceTimeMs", "p99")]);
  chart(s, "capacity-rate", "Achieved against offered rate", {
    scales: { x: { time: false } },
    series: [{ label: "offered /s" },
      { label: "achieved", stroke: COLORS.green, width: 2 },
      { label: "offered (achieved = offered)", stroke: COLORS.grey, width: 1, dash: [4, 4] }],
    axes: [{ label: "offered rate (" + d.unit + ")" },
      { label: "achieved rate (/s)", size: 70 }]
  }, [x, steps.map(function (st) { return Number(st.achievedRate); }), x.slice()]);
};

// --- a comparison --------------------------------------------------------------------------

SECTIONS.compareVerdict = function (d) {
  var c = d.compare;
  var s = section("compareVerdict", "Verdict");
  var worse = [];
  var better = [];
  c.rows.forEach(function (r) {
    var name = r.request + " " + r.metric;
    if (r.verdict === "worse") { worse.push(name); }
    if (r.verdict === "better") { better.push(name); }
  });
  var kind;
  var text;
  if (c.method.kind === "exact") {
    kind = "partial";
    text = "No verdict: a --json summary holds no blocks of time, so there is no noise estimate; "
      + "the table has the exact values and their change.";
  } else if (worse.length) {
    kind = "fail";
    text = "WORSE beyond the noise: " + worse.join(", ")
      + (better.length ? "; better: " + better.join(", ") : "") + ".";
  } else if (better.length) {
    kind = "pass";
    text = "BETTER beyond the noise: " + better.join(", ") + "; nothing worse.";
  } else {
    kind = "pass";
    text = "No significant change: every interval includes 0.";
  }
  s.appendChild(el("div", { "class": "verdict " + kind, id: "verdict-text", text: text }));
  if (c.regressions !== null) {
    note(s, c.regressions.length
      ? "Regression beyond " + c.failOnRegressionPercent + "% and the noise ("
        + c.regressions.map(function (r) { return r.request + " " + r.metric; }).join(", ")
        + "): the command exits 4."
      : "Nothing got slower by more than " + c.failOnRegressionPercent
        + "% beyond the noise: the command exits 0.");
  }
};

SECTIONS.compareSetup = function (d) {
  var c = d.compare;
  var s = section("compareSetup", "What was compared");
  s.appendChild(el("pre", { "class": "command", text: d.commandLine }));
  var method = c.method.kind === "exact" ? "exact values only (no noise estimate)"
    : "block bootstrap: " + count(c.method.replicates) + " replicates of both runs' blocks of up "
      + "to 1 s of send time (" + c.method.baseBlocks + " and " + c.method.newBlocks + " blocks); "
      + "the central " + Math.round(c.method.confidence * 100) + "% of the replicates' change is "
      + "the interval, and a verdict needs it wholly beyond \u00b1" + c.method.noiseFloorPercent
      + "% (the noise floor: the drift between two runs that one run's blocks cannot see)";
  keys(s, [["base", c.base], ["new", c["new"]], ["method", method],
    ["plans", c.planDifferences.length ? "differ: " + c.planDifferences.join("; ") : "the same"]]);
};

function signed(v, digits) {
  return v === null ? "-" : (v > 0 ? "+" : "") + v.toFixed(digits) + "%";
}

SECTIONS.compareTable = function (d) {
  var c = d.compare;
  var s = section("compareTable", "Per request and metric");
  note(s, "BASE and NEW are the exact figures of every request (latency over successful "
    + "requests, nearest rank); the change is NEW / BASE - 1.");
  var rows = c.rows.map(function (r, i) { return Object.assign({ text: d.verdictText[i] }, r); });
  var t = table(s, [["request", function (r) { return r.request; }, "text"],
    ["metric", function (r) { return r.metric + " " + r.unit; }, "text"],
    ["base", function (r) { return r.base === null ? "-" : r.base.toFixed(3); }],
    ["new", function (r) { return r["new"] === null ? "-" : r["new"].toFixed(3); }],
    ["change", function (r) { return signed(r.changePercent, 1); }],
    ["interval", function (r) {
      return r.low === null ? "-" : "[" + signed(r.low, 1) + ", " + signed(r.high, 1) + "]";
    }],
    ["verdict", function (r) { return r.text; }, "text"]], rows);
  t.id = "table-compare";
  Array.prototype.forEach.call(t.querySelectorAll("tbody tr"), function (tr, i) {
    tr.classList.add("verdict-" + rows[i].verdict);
  });
};

/** Series of two sides on the union of their x values, null where a side has no point. */
function align(sides) {
  var xs = [];
  sides.forEach(function (side) { xs = xs.concat(side.x); });
  xs = xs.filter(function (v, i) { return xs.indexOf(v) === i; }).sort(function (a, b) {
    return a - b;
  });
  var out = [xs];
  sides.forEach(function (side) {
    side.ys.forEach(function (ys) {
      var at = {};
      side.x.forEach(function (v, i) { at[v] = ys[i]; });
      out.push(xs.map(function (v) { return at[v] === undefined ? null : at[v]; }));
    });
  });
  return out;
}

SECTIONS.compareOverlay = function (d) {
  var s = section("compareOverlay", "Both runs overlaid");
  var o = d.overlay;
  if (!o) {
    message(s, "A --json summary holds no requests, only its figures: there is nothing to "
      + "overlay. Compare two --record files for the curves.");
    return;
  }
  var b = o.base;
  var n = o["new"];
  if (b.distribution.count < 2 || n.distribution.count < 2) {
    message(s, "A run with fewer than two successful requests has no distribution to overlay.");
  } else {
    var end = Math.max(b.distribution.x[b.distribution.x.length - 1],
      n.distribution.x[n.distribution.x.length - 1]);
    chart(s, "compare-distribution", "Latency distributions, base and new", {
      scales: percentileScales(end),
      series: [{ label: "percentile" },
        { label: "base", stroke: COLORS.grey, width: 1.5, spanGaps: true, points: { show: false } },
        { label: "new", stroke: COLORS.blue, width: 1.5, spanGaps: true, points: { show: false } }],
      axes: [percentileAxis(), { label: "latency (ms, log scale)", size: 70 }]
    }, align([{ x: b.distribution.x, ys: [positive(b.distribution.latency)] },
      { x: n.distribution.x, ys: [positive(n.distribution.latency)] }]));
  }
  note(s, "Over time, each run from its own start: base in grey, new in colour.");
  chart(s, "compare-latency", "p50 and p99 by start time, base and new", {
    scales: { x: { time: false }, y: { distr: 3, log: 10 } },
    series: [{ label: "time (s)" },
      { label: "base p50", stroke: COLORS.grey, width: 1.5, spanGaps: true },
      { label: "base p99", stroke: COLORS.grey, width: 1.2, dash: [6, 4], spanGaps: true },
      { label: "new p50", stroke: COLORS.blue, width: 1.5, spanGaps: true },
      { label: "new p99", stroke: COLORS.red, width: 1.2, dash: [6, 4], spanGaps: true }],
    axes: [timeAxis(), { label: "latency (ms, log scale)", size: 70 }]
  }, align([{ x: b.series.x, ys: [positive(b.series.p50), positive(b.series.p99)] },
    { x: n.series.x, ys: [positive(n.series.p50), positive(n.series.p99)] }]));
};
