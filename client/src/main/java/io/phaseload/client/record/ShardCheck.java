package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether record files can be merged: distinct shards of one plan, run against one target. What
 * must be the same is everything that decides which requests a shard sends; settings such as
 * timeouts may differ. Stateless.
 */
public final class ShardCheck {

  private ShardCheck() {}

  /**
   * Checks that {@code headers} are distinct shards of one plan.
   *
   * @param files the files the headers were read from, in the same order
   * @throws RecordFileException naming two files and how they differ
   */
  public static void check(List<Path> files, List<RecordHeader> headers)
      throws RecordFileException {
    RecordHeader first = headers.get(0);
    Map<Integer, Path> seen = new TreeMap<>();
    for (int i = 0; i < headers.size(); i++) {
      RecordHeader h = headers.get(i);
      String diff = difference(first, h);
      if (diff != null) {
        throw new RecordFileException(
            files.get(0) + " and " + files.get(i) + " are not shards of one plan: " + diff);
      }
      Path other = seen.put(h.plan().shard().index(), files.get(i));
      if (other != null) {
        throw new RecordFileException(
            other + " and " + files.get(i) + " are both shard " + h.plan().shard());
      }
    }
  }

  /** How two shards' headers differ in what must be the same; null if they do not. */
  static String difference(RecordHeader a, RecordHeader b) {
    LoadPlan p = a.plan();
    LoadPlan q = b.plan();
    if (p.shard().count() != q.shard().count()) {
      return "shards of " + p.shard().count() + " vs of " + q.shard().count();
    }
    if (p.threads() != q.threads()) {
      return "THREADS " + p.threads() + " vs " + q.threads();
    }
    if (p.iterations() != q.iterations()) {
      return "ITERATIONS " + p.iterations() + " vs " + q.iterations();
    }
    if (!p.phases().equals(q.phases())) {
      return "phases " + p.phaseNames() + " vs " + q.phaseNames() + " (or their fractions)";
    }
    if (!a.scenario().equals(b.scenario())) {
      return "requests " + a.scenario() + " vs " + b.scenario();
    }
    if (!p.model().equals(q.model())) {
      return "model " + p.model().describe() + " vs " + q.model().describe();
    }
    if (a.seed() != b.seed()) {
      return "--seed " + a.seed() + " vs " + b.seed();
    }
    if (!a.info().target().equals(b.info().target())) {
      return "target " + a.info().target() + " vs " + b.info().target();
    }
    return null;
  }
}
