package io.phaseload.client.cli;

import org.kohsuke.args4j.Option;

/** A single run's share of a plan run by many generators. Filled by args4j; not thread-safe. */
final class ShardOptions {

  @Option(
      name = "--shard",
      metaVar = "I/N",
      usage =
          "run shard I of N of the plan (I from 0, as a Kubernetes Indexed Job numbers its pods);"
              + " merge the shards' --record files with: client.jar report")
  String shard;

  @Option(
      name = "--start-at",
      metaVar = "TIME",
      usage =
          "wait until TIME (epoch milliseconds or an ISO-8601 instant, e.g."
              + " 2026-11-23T10:00:00Z) to start, so that shards start together")
  String startAt;

  @Option(
      name = "--record",
      metaVar = "FILE",
      usage = "also write every request to FILE (binary; read by client.jar report)")
  String record;
}
