// phaseload's --html page, last script: renders the sections the data lists, then records for a
// headless check what every chart drew.

// --- the page ------------------------------------------------------------------------------

/**
 * What the charts drew, for a headless check: points handed over, opaque plot pixels, the series'
 * labels and where the y axis starts.
 */
function selfCheck() {
  var drawn = charts.map(function (c) {
    var u = c.plot;
    var b = u.bbox;
    var pixels = 0;
    var img = u.ctx.getImageData(b.left, b.top, Math.max(1, b.width), Math.max(1, b.height)).data;
    for (var i = 3; i < img.length; i += 4) {
      if (img[i] > 200) { pixels++; }
    }
    return { id: c.id, points: c.points, pixels: pixels,
      series: u.series.slice(1).map(function (s) { return s.label; }),
      yMin: u.scales.y ? u.scales.y.min : null };
  });
  var check = document.getElementById("selfcheck");
  check.textContent = JSON.stringify({ done: true, errors: window.pageErrors, charts: drawn,
    sections: DATA.sections, live: liveUpdates, drift: driftDrawn });
}

/** Draws the sections DATA lists, in place of any drawn before (the live page redraws). */
function render() {
  var main = document.getElementById("sections");
  charts.forEach(function (c) { c.plot.destroy(); });
  charts.length = 0;
  main.textContent = "";
  try {
    DATA.sections.forEach(function (name) {
      if (!SECTIONS[name]) { throw new Error("no renderer for section " + name); }
      SECTIONS[name](DATA);
    });
  } catch (e) {
    window.pageErrors.push(String(e && e.stack || e));
    message(main, "This page could not be drawn: " + e);
  }
  // uPlot draws on the next frame; check after it.
  requestAnimationFrame(function () { setTimeout(selfCheck, 0); });
}

render();
