package io.phaseload.client.cli;

import org.kohsuke.args4j.Option;

/**
 * The report files a run and {@code report} both write besides stdout. Parsed by args4j into the
 * subclass's parser; not thread-safe.
 */
class OutputOptions {

  @Option(name = "--json", metaVar = "FILE", usage = "also write the summary as JSON to FILE")
  String json;

  @Option(name = "--csv", metaVar = "FILE", usage = "also write one CSV row per request to FILE")
  String csv;

  @Option(name = "--charts", metaVar = "DIR", usage = "also draw PNG charts of the run into DIR")
  String charts;
}
