package io.phaseload.client.record;

import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.zip.CRC32;

/**
 * Files of the formats 2 to 5, written whole after their run, as phaseload wrote them before it
 * wrote as the run goes: so that the reader of format 6 is tested on the files it must still read.
 * Blocks stored, not deflated (a reader takes either).
 */
final class WholeRecord {

  private WholeRecord() {}

  static byte[] bytes(int version, byte[] header, LatencyRecorder rec) throws IOException {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(buffer);
    out.write(RecordFormat.MAGIC);
    out.writeInt(version);
    out.writeInt(header.length);
    out.write(header);
    int requests = rec.capacity();
    for (int first = 0; first < requests; first += RecordFormat.BLOCK_REQUESTS) {
      int n = Math.min(RecordFormat.BLOCK_REQUESTS, requests - first);
      ByteArrayOutputStream block = new ByteArrayOutputStream();
      DataOutputStream longs = new DataOutputStream(block);
      long previous = 0;
      for (int k = first; k < first + n; k++) {
        long start = rec.word(k, RecordLayout.START_WORD);
        longs.writeLong(start - previous);
        previous = start;
        longs.writeLong(rec.word(k, RecordLayout.TIME_WORD));
        if (rec.hasIntendedStarts()) {
          longs.writeLong(RecordLayout.start(start) - rec.word(k, RecordLayout.INTENDED_WORD));
        }
        if (rec.connections()) {
          for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
            longs.writeLong(rec.word(k, rec.connectionWord() + i));
          }
        }
      }
      byte[] raw = block.toByteArray();
      CRC32 crc = new CRC32();
      crc.update(raw);
      out.writeByte(0);
      out.writeInt(n);
      out.writeInt(raw.length);
      out.writeInt((int) crc.getValue());
      out.write(raw);
    }
    out.writeByte(255);
    out.writeLong(requests);
    out.flush();
    return buffer.toByteArray();
  }
}
