// phaseload's live page (--live): the same page as the final report, drawn from the data the run
// sends once a second over server-sent events (/events); when the run is over, the server sends
// "final" and the page loads the final report from the same address.

function percent(share) { return (100 * share).toFixed(0) + " %"; }

SECTIONS.live = function (d) {
  var st = d.status;
  var s = section("live", "While it runs");
  var progress = st.planned ? st.done / st.planned : 0;
  s.appendChild(el("div", { "class": "verdict partial", id: "live-line",
    text: "Phase " + st.phase + " (" + st.phaseNumber + " of " + st.phases + "): "
      + count(st.done) + " of " + count(st.planned) + " requests recorded ("
      + (100 * progress).toFixed(1) + " %), " + count(st.failed) + " failed, "
      + st.elapsedSeconds + " s" }));
  var bar = el("progress", { id: "live-progress", max: "1", value: String(progress) });
  bar.style.width = "100%";
  s.appendChild(bar);
  var pairs = [["requests recorded", count(st.done)], ["successful", count(st.ok)],
    ["failed", count(st.failed)]];
  if (st.open) {
    pairs.push(["late arrivals (began over 1 ms after their time)", count(st.late || 0)]);
    if (st.rateTarget !== undefined) { pairs.push(["intended rate", st.rateTarget + " /s"]); }
  } else if (st.usersTarget !== undefined) {
    pairs.push(["users still sending", st.users + " of " + st.usersTarget]);
  }
  var g = st.generator;
  if (g) {
    pairs.push(["generator in phase " + g.phase, "CPU " + percent(g.cpuUsedShare) + " of "
      + g.cores + " cores used, " + percent(g.cpuWantedShare) + " wanted; GC " + g.gcSeconds
      + " s; scheduling lag " + g.lagSeconds + " s"
      + (g.limited ? " (the generator may be limiting the run)" : "")]);
  }
  keys(s, pairs);
  s.querySelector("table").id = "table-live";
  note(s, "Read once a second from the run's recording; a figure may lag the run by the requests "
    + "in flight. The final report, here when the run is over, has the exact figures.");
};

SECTIONS.liveFailures = function (d) {
  var series = d.series;
  var s = section("liveFailures", "Failures per second by reason");
  var kinds = series.failures.filter(function (k) { return k.count > 0; });
  if (kinds.length === 0) {
    message(s, "No request has failed.");
    return;
  }
  var palette = [COLORS.red, COLORS.orange, COLORS.purple, COLORS.grey, COLORS.green, "#000"];
  chart(s, "liveFailures", "Failed requests per second by start time, by reason", {
    scales: { x: { time: false }, y: fromZero() },
    series: [{ label: "time (s)" }].concat(kinds.map(function (k, i) {
      return { label: k.kind + " (" + count(k.count) + ")", stroke: palette[i % palette.length],
        width: 1.5 };
    })),
    axes: [timeAxis(), { label: "requests/s", size: 70 }],
    hooks: { draw: [phaseMarks(series.phases)] }
  }, [series.x].concat(kinds.map(function (k) { return k.perSecond; })));
};

// What each update said (requests recorded, seconds elapsed, each second drawn's requests sent),
// for a headless check (#selfcheck's "live"); "?updates=N" in the address stops following after N
// updates, so that a headless browser's load of the page comes to an end.
var liveUpdates = [];

if (DATA.live) {
  var wanted = Number(new URLSearchParams(location.search).get("updates")) || Infinity;
  var updates = new EventSource("/events");
  updates.onmessage = function (e) {
    DATA = JSON.parse(e.data);
    liveUpdates.push({ done: DATA.status.done, elapsedSeconds: DATA.status.elapsedSeconds,
      sent: DATA.series.sent });
    if (liveUpdates.length >= wanted) { updates.close(); }
    render();
  };
  updates.addEventListener("final", function () {
    updates.close();
    if (liveUpdates.length < wanted) { location.reload(); }
  });
}
