package io.phaseload.client.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Shards split a plan exactly: the same threads per phase, the same arrivals, the same totals. */
class ShardTest {

  @Test
  void threadsSplitEvenlyLowerIndexesFirstAndContiguously() {
    for (int total = 0; total <= 40; total++) {
      for (int n = 1; n <= 12; n++) {
        int sum = 0;
        int next = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int previous = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
          Shard s = new Shard(i, n);
          int share = s.share(total);
          assertEquals(next, s.first(total), "first thread of " + s + " of " + total);
          assertTrue(share <= previous, "lower indexes get the larger shares");
          previous = share;
          next += share;
          sum += share;
          min = Math.min(min, share);
          max = Math.max(max, share);
        }
        assertEquals(total, sum, total + " threads over " + n + " shards");
        assertTrue(max - min <= 1, "shard sizes differ by at most one");
      }
    }
  }

  @Test
  void arrivalsAreEveryNthOfTheOneRunSchedule() {
    for (long total = 0; total <= 30; total++) {
      for (int n = 1; n <= 7; n++) {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Shard s = new Shard(i, n);
          for (long j = 0; j < s.arrivals(total); j++) {
            assertEquals(i + j * n, s.arrival(j));
            all.add(s.arrival(j));
          }
        }
        all.sort(null);
        List<Long> expected = new ArrayList<>();
        for (long a = 0; a < total; a++) {
          expected.add(a);
        }
        assertEquals(expected, all, total + " arrivals over " + n + " shards");
      }
    }
  }

  @Test
  void shardsOfAPlanAddUpToIt() {
    LoadPlan whole = LoadPlan.standard(1000, 7);
    LoadPlan open =
        whole.withModel(new OpenPhases(333.3, Duration.ofMillis(1500), Spacing.UNIFORM));
    for (LoadPlan plan : List.of(whole, open)) {
      for (int n : new int[] {1, 2, 3, 7, 10}) {
        long requests = 0;
        for (Phase phase : plan.phases()) {
          int threads = 0;
          long arrivals = 0;
          for (int i = 0; i < n; i++) {
            LoadPlan shard = plan.sharded(new Shard(i, n));
            threads += shard.threads(phase);
            arrivals += shard.arrivals(phase);
          }
          assertEquals(phase.threads(), threads, phase.name() + " threads, " + n + " shards");
          assertEquals(plan.arrivals(phase), arrivals, phase.name() + " arrivals");
        }
        for (int i = 0; i < n; i++) {
          requests += plan.sharded(new Shard(i, n)).totalRequests();
          assertEquals(plan, plan.sharded(new Shard(i, n)).whole());
        }
        assertEquals(plan.totalRequests(), requests, n + " shards");
      }
    }
  }

  @Test
  void aShardWithNoThreadInAPhaseSkipsItInTheClosedModelButTheOpenModelRefusesIt() {
    LoadPlan plan = LoadPlan.standard(20, 5).sharded(new Shard(2, 3)); // WARMUP has 2 threads
    Phase warmup = plan.phases().get(0);
    assertEquals(0, plan.threads(warmup));
    assertEquals(0, plan.arrivals(warmup));
    assertEquals(0, plan.requests(warmup));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LoadPlan.standard(20, 5)
                    .withModel(new OpenPhases(100, null, Spacing.UNIFORM))
                    .sharded(new Shard(2, 3)));
    assertEquals(
        "in the open model every shard needs a thread in every phase, but WARMUP has 2 for 3"
            + " shards: raise THREADS or use fewer shards",
        e.getMessage());
  }

  @Test
  void theRateSplitsByShards() {
    LoadPlan plan = LoadPlan.standard(30, 5).withModel(new OpenPhases(300, null, Spacing.UNIFORM));
    Phase peak = plan.phases().get(2);
    assertEquals(300, plan.rate(peak), 1e-9);
    assertEquals(100, plan.sharded(new Shard(1, 3)).rate(peak), 1e-9);
    assertEquals(300, plan.sharded(new Shard(1, 3)).wholeRate(peak), 1e-9);
  }

  @ParameterizedTest
  @ValueSource(strings = {"3", "1/", "/3", "a/3", "3/3", "-1/3", "0/0", "1/2/3", "0/10001"})
  void badShardsAreRefusedInOneLine(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Shard.parse(text));
    assertTrue(e.getMessage().startsWith("--shard"), e.getMessage());
  }

  @Test
  void parsesWhatAnIndexedJobPasses() {
    assertEquals(new Shard(2, 3), Shard.parse("2/3"));
    assertEquals(Shard.WHOLE, Shard.parse("0/1"));
    assertEquals("2/3", new Shard(2, 3).toString());
  }
}
