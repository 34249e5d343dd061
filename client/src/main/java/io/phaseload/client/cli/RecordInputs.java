package io.phaseload.client.cli;

import io.phaseload.client.record.RecordFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.RecordHeader;
import io.phaseload.client.record.ShardCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The record files a command was given, as {@code report} and {@code compare} both take them: each
 * an existing file, their headers read and checked to be one run's file or the shards of one plan
 * ({@link ShardCheck}), before any recording is read. Immutable.
 */
record RecordInputs(List<Path> files, List<RecordHeader> headers, List<Long> held) {

  RecordInputs {
    files = List.copyOf(files);
    headers = List.copyOf(headers);
    held = List.copyOf(held);
  }

  /** The files named, each of which must exist: a name that is not a file is a usage error. */
  static List<Path> paths(List<String> names) throws UsageException {
    List<Path> files = new ArrayList<>();
    for (String f : names) {
      Path p = Path.of(f);
      if (!Files.isRegularFile(p)) {
        throw new UsageException(f + " is not a file");
      }
      files.add(p);
    }
    return files;
  }

  /** Reads and checks the files' headers: not a record, another version or another plan throw. */
  static RecordInputs read(List<Path> files) throws RecordFileException {
    List<RecordHeader> headers = new ArrayList<>();
    List<Long> held = new ArrayList<>();
    for (Path f : files) {
      RecordFile.Scan scan = RecordFile.scan(f);
      headers.add(scan.header());
      held.add(scan.held());
    }
    ShardCheck.check(files, headers);
    return new RecordInputs(files, headers, held);
  }
}
