// phaseload's --html page of a sweep: the sections page.js renders when the data is a sweep's
// (inlined after page.js, in its script and strict mode).

// --- a sweep's sections --------------------------------------------------------------------

SECTIONS.sweepVerdict = function (d) {
  var s = section("sweepVerdict", "Verdict");
  var col = d.columns;
  var failed = d.rows.filter(function (r) {
    return Number(r[col.indexOf("failed_pct")]) > 0 || Number(r[col.indexOf("not_sent")]) > 0;
  }).length;
  s.appendChild(el("div", { "class": "verdict " + (failed ? "fail" : "pass"), id: "verdict-text",
    text: failed ? "FAILED: " + failed + " of " + d.rows.length + " runs had failed requests."
      : "PASSED: every request of all " + d.rows.length + " runs succeeded." }));
  note(s, "Latencies are over successful requests, exact, by nearest rank; throughput is "
    + "successful requests per second of wall time. The curve shows the median over repeats.");
};

SECTIONS.sweepSetup = function (d) {
  var s = section("sweepSetup", "What ran");
  s.appendChild(el("pre", { "class": "command", text: d.commandLine }));
  keys(s, [["target", d.target], ["client machine", d.machine]]);
};

SECTIONS.sweepTable = function (d) {
  var s = section("sweepTable", "Runs");
  table(s, d.columns.map(function (c, i) { return [c, function (r) { return r[i]; }]; }), d.rows)
    .id = "table-sweep";
  var reasons = [];
  d.failureReasons.forEach(function (list, i) {
    list.forEach(function (r) { reasons.push([d.rows[i][d.columns.indexOf("threads")] + " threads, "
      + "run " + d.rows[i][d.columns.indexOf("repeat")], r]); });
  });
  if (reasons.length) {
    h3(s, "Failures");
    keys(s, reasons);
  }
};

SECTIONS.sweepCurve = function (d) {
  var s = section("sweepCurve", "Latency and throughput against threads");
  d.curves.forEach(function (c, i) {
    if (c.threads.length < 2) {
      message(s, "One thread count" + (c.serverWorkers ? " (" + c.serverWorkers + " workers)" : "")
        + ": a curve needs two; the table has the run.");
      return;
    }
    chart(s, "sweep-" + i, "Median, p95 and p99 latency and throughput by thread count"
      + (c.serverWorkers ? ", " + c.serverWorkers + " server workers" : ""), {
      scales: { x: { time: false }, ms: {}, rps: {} },
      series: [{ label: "threads" },
        { label: "median ms", stroke: COLORS.blue, width: 1.5, scale: "ms" },
        { label: "p95 ms", stroke: COLORS.orange, width: 1.5, scale: "ms" },
        { label: "p99 ms", stroke: COLORS.red, width: 1.5, scale: "ms" },
        { label: "successful/s", stroke: COLORS.green, width: 2, dash: [6, 4], scale: "rps" }],
      axes: [{ label: "threads (peak phase)" },
        { label: "latency (ms)", scale: "ms", size: 70 },
        { label: "successful requests/s", scale: "rps", side: 1, size: 80, grid: { show: false } }]
    }, [c.threads, c.medianMs, c.p95Ms, c.p99Ms, c.throughput]);
  });
};
