package io.phaseload.client.report;

import org.knowm.xchart.style.XYStyler;

/**
 * A log y axis from {@code low} to {@code high}. XChart labels only whole decades by default, so
 * when fewer than two decades fall inside the bounds every 1..9 step is labelled instead, and the
 * axis never goes without numbers.
 */
record LogAxis(double low, double high) {
  LogAxis {
    high = Math.max(high, low * 1.01);
  }

  void apply(XYStyler styler) {
    styler.setYAxisLogarithmic(true);
    styler.setYAxisMin(low);
    styler.setYAxisMax(high);
    long decades = (long) Math.floor(Math.log10(high)) - (long) Math.ceil(Math.log10(low)) + 1;
    styler.setYAxisLogarithmicDecadeOnly(decades >= 2);
    styler.setYAxisDecimalPattern("#,##0.###");
  }

  /** The value {@code fraction} of the way up the axis. */
  double at(double fraction) {
    return low * Math.pow(high / low, fraction);
  }
}
